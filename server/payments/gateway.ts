import type { CardBrand } from "../../common/card.ts";
import type { Language } from "../../common/languages";

export type DeclineReason = "declined" | "insufficientFunds" | "expiredCard" | "incorrectCvv" | "processingError";

/** Why an order failed: a decline, or a payment that was started and never finished (left, expired, cancelled). */
export type FailureReason = DeclineReason | "abandoned" | "authenticationFailed";

/** What a charge needs. The card lives only in this object, for the length of the call. */
export interface ChargeRequest {
  /** Our order reference, for the processor's records. */
  reference: string;
  amountCents: number;
  currency: string;
  card: { number: string; expiry: string; cvv: string; brand: CardBrand };
  /** Automatic renewal chosen: the processor keeps the card as a payment method and the result names it. */
  saveCard?: boolean;
}

/** A later charge of a card the processor kept (the test gateway's automatic renewal). */
export interface SavedCardChargeRequest {
  /** The renewal order's reference. */
  reference: string;
  amountCents: number;
  currency: string;
  /** What `ChargeResult.savedCard.id` named. */
  paymentMethodId: string;
}

/** A card the processor kept: its id for later charges, and what the customer may be shown of it. */
export interface SavedCard {
  id: string;
  brand: string;
  last4: string;
}

export type ChargeResult =
  | { status: "approved"; gatewayReference: string; savedCard?: SavedCard }
  | { status: "declined"; reason: DeclineReason; gatewayReference?: string }
  /** The bank wants the cardholder to confirm (3-D Secure): the order stays pending until they have. */
  | { status: "requiresAction"; gatewayReference: string };

/** What a processor's hosted payment page needs. No card: the visitor gives it to the processor. */
export interface HostedCheckoutRequest {
  reference: string;
  /** The order's one-time key: the processor makes one session for it, however often it is asked. */
  idempotencyKey: string;
  amountCents: number;
  currency: string;
  /** The line item, in the visitor's language: plan, period and viewers. */
  itemName: string;
  language: Language;
  email: string;
  /** The return page's absolute URL: the gateway adds to it what names the session (see `returnUrl`). */
  returnPage: string;
  /** Where the processor sends the visitor who goes back. */
  cancelUrl: string;
  /**
   * When the order was made. The gateway ends an unpaid session a while after it: derived from the order (not
   * from the clock), so that asking again for the same order asks for exactly the same session.
   */
  orderCreatedAt: Date;
  /** Automatic renewal chosen: a subscription (Stripe Billing) instead of a one-time payment. */
  recurring?: RecurringTerms;
}

/** What a subscription's checkout needs beyond a one-time payment (docs/decisions/0025). */
export interface RecurringTerms {
  /** The plan's period: every `months` months (Stripe: interval `month`, `interval_count` months). */
  months: number;
  /**
   * The reference of the access it renews, kept in the processor's subscription metadata (`access_reference`)
   * with the order's own (`order_reference`): for a first purchase the access does not exist yet and takes
   * the order's reference when it is delivered, so the two are the same.
   */
  accessReference: string;
}

/** A processor's subscription as the shop needs it. */
export interface ProcessorSubscription {
  id: string;
  /** The processor's customer, for its hosted card-update page. */
  customerId: string | null;
  /** The processor's word: active, past_due, unpaid, canceled, incomplete, incomplete_expired… */
  status: string;
  /** Stopped by the customer or the operator: it renews no more and ends with its period. */
  cancelAtPeriodEnd: boolean;
  /** When the period paid for ends: the next charge, unless it is stopped. */
  currentPeriodEnd: Date | null;
  /** From its metadata: the order that started it, and the access it renews. */
  orderReference: string | null;
  accessReference: string | null;
}

/** The order as a gateway needs it to answer about its payment. */
export interface PaymentRecord {
  reference: string;
  /** The processor's session (hosted page) or payment (test gateway), once known. */
  paymentSessionId: string | null;
  gatewayReference: string | null;
  amountCents: number;
  currency: string;
  /** What has been refunded of it so far, by our records. */
  refundedCents: number;
}

/**
 * The tax the processor worked out inside the amount paid (Stripe Tax, TAX_MODE=stripe): the order keeps it
 * and its invoice prints it (docs/decisions/0024-vat-at-checkout-and-stripe-tax.md).
 */
export interface ProcessorTax {
  /** The tax in the amount paid, in cents. */
  taxCents: number;
  /** The rate it applied, in basis points (2000 = 20 %). */
  rateBasisPoints: number;
  /** ISO alpha-2: the country of the customer's address it taxed; null when it did not say. */
  country: string | null;
}

/** What the processor says became of an order's payment: the truth reconciliation and the return page act on. */
export type PaymentLookup =
  | {
      status: "paid";
      gatewayReference: string;
      card?: { brand: string; last4: string };
      /** What has been refunded of it so far. */
      refundedCents: number;
      /** The tax the processor computed, when it computes it (Stripe Tax). */
      tax?: ProcessorTax;
      /** The subscription the payment started, when automatic renewal was chosen (a hosted processor). */
      subscription?: ProcessorSubscription;
      /** The card kept for automatic renewal (a card gateway). */
      savedCard?: SavedCard;
    }
  | { status: "failed"; reason: FailureReason; gatewayReference?: string }
  /** Still open: the visitor may be paying, or a bank transfer is on its way. */
  | { status: "pending" }
  /** The processor has no payment for this order: it was never reached (a crash before the charge). */
  | { status: "unknown" };

export interface RefundResult {
  refundId: string;
  /** Everything refunded of the payment so far, this refund included. */
  refundedCents: number;
}

/**
 * Where what an event says of its object differs from what the processor answers when asked about it: the
 * object unknown to the processor, of another subscription or payment, of another amount. Such an event is
 * never applied (docs/decisions/0041-processor-events-checked-with-the-processor.md).
 */
export interface NoticeDisagreement {
  /** What differs: `exists`, `subscription`, `payment`, `charge`, `amount`, `amountPaid`, `currency`, `status`. */
  field: string;
  /** What the event says, and what the processor answers (null: it has no such object). */
  event: string | number | null;
  processor: string | number | null;
}

/** What a processor's webhook said, once its signature is verified: that the payment of an order changed. */
export interface PaymentNotice {
  kind?: "payment";
  /** The processor's id of the event: each is applied once. */
  eventId: string;
  /** The processor's word for what happened, for the log and the record of events. */
  type: string;
  /**
   * What names the order: the processor's session or its payment, as the shop recorded them. The reference
   * in the processor's metadata only says which pending order to ask the processor about first; it never
   * names the order an event is applied to.
   */
  sessionId?: string;
  gatewayReference?: string;
  orderReference?: string;
  /** The cardholder disputed the payment with their bank (Stripe's `charge.dispute.created`): the access ends. */
  dispute?: { amountCents: number; currency: string };
  disagreement?: NoticeDisagreement;
}

/** An invoice of a subscription, as its events tell it. */
export interface SubscriptionInvoice {
  id: string;
  /** `subscription_create`: the purchase itself (its order is settled by the checkout); `subscription_cycle`: a renewal. */
  billingReason: string;
  amountPaidCents: number;
  amountDueCents: number;
  currency: string;
  /** The payment that paid it (a PaymentIntent id), to refund it later; null while unpaid. */
  paymentReference: string | null;
  /** The processor's page where the customer pays it or gives another card. */
  hostedInvoiceUrl: string | null;
  /** When the processor tries the card again; null when it will not. */
  nextPaymentAttempt: Date | null;
  attemptCount: number;
  /** The card that paid it, when the processor says. */
  card?: { brand: string; last4: string };
  tax?: ProcessorTax;
}

/**
 * What a verified subscription event said (Stripe: `invoice.paid`, `invoice.payment_failed`,
 * `customer.subscription.updated`, `customer.subscription.deleted`). Each is applied once by its id.
 */
export interface SubscriptionNotice {
  kind: "subscription";
  eventId: string;
  type: string;
  subscriptionId: string;
  /**
   * From the subscription's metadata: an event that arrives before the checkout's has its order asked about
   * first. Never what the event is applied to: that is the subscription the shop recorded under `subscriptionId`.
   */
  orderReference: string | null;
  accessReference: string | null;
  /** `invoice.*` events. */
  invoice?: SubscriptionInvoice;
  /** `customer.subscription.*` events: the subscription as it is now. */
  subscription?: ProcessorSubscription;
  disagreement?: NoticeDisagreement;
}

/** A webhook whose signature is missing, wrong or stale: refused (400), never applied. */
export class WebhookSignatureError extends Error {
  override name = "WebhookSignatureError";
}

/** What the pages and the server need to know of a processor before the database is open. */
export interface GatewayTraits {
  /** Its name in PAYMENT_GATEWAY, recorded on each order placed with it. */
  readonly name: string;
  /** True when no real money moves: the checkout then shows a visible test-mode notice. */
  readonly testMode: boolean;
  /** Its name as the checkout shows it. */
  readonly displayName: string;
  /** The origin of its payment page, where the checkout form is redirected (CSP `form-action`); null when the checkout takes the card. */
  readonly checkoutOrigin: string | null;
  /**
   * Where it posts its events, `/webhooks/<name>` (the route table serves `/webhooks/:processor`): that path
   * alone is spared the cross-site check. Null when it sends none.
   */
  readonly webhookPath: string | null;
}

interface GatewayBase extends GatewayTraits {
  /** The return page's URL naming one of its sessions, as the processor sends the visitor back there. */
  returnUrl(returnPage: string, sessionId: string): string;
  /** The session a return page's URL names (what `returnUrl` wrote), or null. */
  sessionOfReturn(url: URL): string | null;
  /**
   * Reads an event posted to `webhookPath`: throws `WebhookSignatureError` when its signature is missing, wrong
   * or stale (any other error: the processor could not be asked what the event needs); null for an event the
   * shop does not act on.
   */
  readWebhook?(rawBody: string, headers: Headers): Promise<PaymentNotice | SubscriptionNotice | null>;
  /** Asks the processor about an order's payment (reconciliation, the return page). */
  lookup(payment: PaymentRecord): Promise<PaymentLookup>;
  /**
   * Refunds a paid order, all of it unless `amountCents` says less. Idempotent: asking again for the same
   * amount refunds nothing more and answers the first refund.
   */
  refund(payment: PaymentRecord, amountCents?: number): Promise<RefundResult>;
}

/** A gateway our checkout sends the card to (the built-in test gateway). */
export interface CardGateway extends GatewayBase {
  readonly kind: "card";
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Keeps a card for later charges without charging it (the customer gives another card for their renewals). */
  saveCard(card: ChargeRequest["card"]): Promise<SavedCard>;
  /** Charges a card it kept (`ChargeRequest.saveCard`) without the customer: an automatic renewal. */
  chargeSavedCard(request: SavedCardChargeRequest): Promise<ChargeResult>;
}

/** A gateway with its own payment page (Stripe Checkout): the card never reaches this server. */
export interface HostedGateway extends GatewayBase {
  readonly kind: "hosted";
  readonly checkoutOrigin: string;
  /** Opens a payment session and gives the page to send the visitor to. */
  createCheckout(request: HostedCheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /** Ends an open session (the visitor went back), so it can no longer be paid. False when it was not open. */
  expire(sessionId: string): Promise<boolean>;
  /** The subscription as the processor has it now (out-of-order events, the console). */
  subscription(subscriptionId: string): Promise<ProcessorSubscription>;
  /** Stops the renewals: it is cancelled at the end of the period paid for (the access runs to its end). */
  stopRenewing(subscriptionId: string): Promise<ProcessorSubscription>;
  /** Where the operator sees a subscription in the processor's dashboard. */
  subscriptionPageUrl(subscriptionId: string): string;
  /** The processor's hosted page where the customer changes the card, coming back to `returnUrl`. */
  cardUpdatePage(customerId: string, returnUrl: string, language: Language): Promise<string>;
}

/**
 * A payment processor. The built-in test gateway and Stripe implement it; another processor is another
 * implementation, listed in index.ts and chosen by configuration (PAYMENT_GATEWAY), with no change to the
 * checkout, its return page, the webhook route or the Content-Security-Policy.
 */
export type PaymentGateway = CardGateway | HostedGateway;
