import type { CardBrand } from "../../app/checkout/card.ts";
import type { Language } from "../../app/i18n/languages.ts";

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
}

export type ChargeResult =
  | { status: "approved"; gatewayReference: string }
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
  /** Where the processor sends the visitor after paying; `{CHECKOUT_SESSION_ID}` is filled in by it. */
  successUrl: string;
  /** Where the processor sends the visitor who goes back. */
  cancelUrl: string;
  /**
   * When an unpaid session ends. Derived from the order (not from the clock), so that asking again for the
   * same order asks for exactly the same session.
   */
  expiresAt: Date;
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

/** What the processor says became of an order's payment: the truth reconciliation and the return page act on. */
export type PaymentLookup =
  | {
      status: "paid";
      gatewayReference: string;
      card?: { brand: string; last4: string };
      /** What has been refunded of it so far. */
      refundedCents: number;
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

interface GatewayBase {
  readonly name: string;
  /** True when no real money moves: the checkout then shows a visible test-mode notice. */
  readonly testMode: boolean;
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
}

/** A gateway with its own payment page (Stripe Checkout): the card never reaches this server. */
export interface HostedGateway extends GatewayBase {
  readonly kind: "hosted";
  /** The origin of the payment page, which the checkout form may be redirected to (CSP `form-action`). */
  readonly checkoutOrigin: string;
  /** Opens a payment session and gives the page to send the visitor to. */
  createCheckout(request: HostedCheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /** Ends an open session (the visitor went back), so it can no longer be paid. False when it was not open. */
  expire(sessionId: string): Promise<boolean>;
}

/**
 * A payment processor. The built-in test gateway implements it; a real processor is a second
 * implementation chosen by configuration (PAYMENT_GATEWAY), with no change to the checkout.
 */
export type PaymentGateway = CardGateway | HostedGateway;
