import type Stripe from "stripe";
import { Billing } from "./billing.ts";
import { type ApiError, invalidRequest, noSuch } from "./errors.ts";
import { buildCharge, buildPaymentIntent, buildRefund, buildSession, formatAmount, newId, unixNow } from "./objects.ts";
import { calculateTax, type TaxBreakdown } from "./tax.ts";
import type { Charge, CheckoutSession, Dispute, EventRequest, LineItem, PaymentIntent, Refund, SessionInput } from "./types.ts";
import type { WebhookSender } from "./webhooks.ts";

export interface RefundInput {
  paymentIntent?: string;
  charge?: string;
  amount?: number;
  reason?: Stripe.Refund.Reason;
  metadata?: Record<string, string>;
}

/** The account's objects and what can happen to them, through the API, the payment page or the test controls. */
export class Ledger {
  readonly sessions = new Map<string, CheckoutSession>();
  readonly paymentIntents = new Map<string, PaymentIntent>();
  readonly charges = new Map<string, Charge>();
  readonly refunds = new Map<string, Refund>();
  readonly disputes = new Map<string, Dispute>();
  readonly lineItems = new Map<string, LineItem[]>();
  /** A session's `total_details.breakdown`, sent only when expanded. */
  readonly breakdowns = new Map<string, TaxBreakdown>();
  /** A PaymentIntent's session: Stripe keeps no such field, but the controls list events by session. */
  readonly sessionOfIntent = new Map<string, string>();
  private readonly intentMetadata = new Map<string, Record<string, string>>();
  /** Stripe Billing: the subscriptions that subscription-mode sessions start, and their invoices. */
  readonly billing: Billing;
  private readonly webhooks: WebhookSender;
  private readonly baseUrl: () => string;

  constructor(webhooks: WebhookSender, baseUrl: () => string) {
    this.webhooks = webhooks;
    this.baseUrl = baseUrl;
    this.billing = new Billing({ paymentIntents: this.paymentIntents, charges: this.charges }, webhooks, baseUrl);
  }

  createSession(input: SessionInput, paymentIntentMetadata: Record<string, string>): CheckoutSession {
    const session = buildSession(input, this.baseUrl());
    this.sessions.set(session.id, session);
    this.lineItems.set(session.id, input.lineItems);
    this.intentMetadata.set(session.id, paymentIntentMetadata);
    if (input.mode === "subscription") this.billing.metadataOfSession.set(session.id, input.subscriptionMetadata);
    return session;
  }

  session(id: string, param?: string): CheckoutSession {
    return this.sessions.get(id) ?? fail(noSuch("checkout.session", id, param));
  }

  paymentIntent(id: string, param?: string): PaymentIntent {
    return this.paymentIntents.get(id) ?? fail(noSuch("payment_intent", id, param));
  }

  charge(id: string, param?: string): Charge {
    return this.charges.get(id) ?? fail(noSuch("charge", id, param));
  }

  dispute(id: string, param?: string): Dispute {
    return this.disputes.get(id) ?? fail(noSuch("dispute", id, param));
  }

  /**
   * What the payment page does when the visitor pays: by card (paid at once) or by bank debit (settled later),
   * with the billing country they chose when the page asks for an address (by default the one it guessed).
   */
  async complete(id: string, how: "card" | "delayed", email?: string, country?: string): Promise<CheckoutSession> {
    const session = this.session(id);
    if (session.status !== "open") throw notInStatus("completed", ["open"]);
    if (session.mode === "subscription" && how !== "card") {
      throw invalidRequest("This test double of Stripe takes subscriptions by card only.", undefined, undefined, 400);
    }
    const asksAddress = session.automatic_tax.enabled || session.billing_address_collection === "required";
    const address = asksAddress ? billingAddress(country ?? guessedCountry(session)) : null;
    if (session.automatic_tax.enabled && address) {
      // Stripe Tax, now that the address is known: the payment is for the total with any tax it adds.
      const tax = calculateTax(this.lineItems.get(id) ?? [], address.country);
      Object.assign(session, {
        amount_total: (session.amount_total ?? 0) + tax.added,
        total_details: { ...session.total_details, amount_tax: tax.amountTax },
        automatic_tax: { ...session.automatic_tax, status: "complete" },
      });
      this.breakdowns.set(id, tax.breakdown);
    }
    const customerDetails = {
      address,
      business_name: null,
      email: session.customer_email ?? email ?? "customer@example.com",
      individual_name: null,
      name: null,
      phone: null,
      tax_exempt: "none" as const,
      tax_ids: [],
    };
    if (session.mode === "subscription") {
      // Everything in place first, then the events, in the order Stripe usually sends them (not a promise of its).
      const { customer, subscription, invoice } = this.billing.start(session, this.lineItems.get(id) ?? [], customerDetails.email, address);
      Object.assign(session, {
        status: "complete",
        payment_status: "paid",
        customer: customer.id,
        subscription: subscription.id,
        invoice: invoice.id,
        customer_details: customerDetails,
      });
      await this.webhooks.emit("customer.subscription.created", subscription);
      await this.webhooks.emit("invoice.paid", invoice);
      await this.webhooks.emit("checkout.session.completed", session);
      return session;
    }
    const intent = buildPaymentIntent(session, this.intentMetadata.get(id) ?? {});
    const charge = buildCharge(intent, how === "card" ? "card" : "sepa_debit");
    intent.latest_charge = charge.id;
    if (how === "card") Object.assign(intent, { status: "succeeded", amount_received: intent.amount });
    this.paymentIntents.set(intent.id, intent);
    this.charges.set(charge.id, charge);
    this.sessionOfIntent.set(intent.id, id);
    Object.assign(session, {
      status: "complete",
      payment_status: how === "card" ? "paid" : "unpaid",
      payment_intent: intent.id,
      customer_details: customerDetails,
    });
    await this.webhooks.emit("checkout.session.completed", session);
    return session;
  }

  /** The bank's answer to a debit: the session is paid, or its payment failed and the visitor must pay again. */
  async settle(id: string, outcome: "succeeded" | "failed"): Promise<CheckoutSession> {
    const session = this.session(id);
    const intent = session.payment_intent ? this.paymentIntents.get(session.payment_intent) : undefined;
    if (intent?.status !== "processing") {
      throw invalidRequest(`Checkout Session ${id} has no delayed payment waiting to be settled.`, "id", undefined, 400);
    }
    const charge = this.charge(intent.latest_charge ?? "");
    if (outcome === "succeeded") {
      Object.assign(charge, {
        status: "succeeded",
        paid: true,
        captured: true,
        amount_captured: charge.amount,
        balance_transaction: `txn_${charge.id.slice(3)}`,
      });
      Object.assign(intent, { status: "succeeded", amount_received: intent.amount });
      session.payment_status = "paid";
      await this.webhooks.emit("checkout.session.async_payment_succeeded", session);
    } else {
      const failure = {
        failure_code: "insufficient_funds",
        failure_message: "The customer's account has insufficient funds to cover this payment.",
      };
      Object.assign(charge, { status: "failed", ...failure });
      Object.assign(intent, {
        status: "requires_payment_method",
        last_payment_error: {
          type: "invalid_request_error",
          code: failure.failure_code,
          message: failure.failure_message,
          payment_method_type: "sepa_debit",
        },
      });
      await this.webhooks.emit("checkout.session.async_payment_failed", session);
    }
    return session;
  }

  async expire(id: string, request?: EventRequest): Promise<CheckoutSession> {
    const session = this.session(id);
    if (session.status !== "open") throw notInStatus("expired", ["open"]);
    session.status = "expired";
    await this.webhooks.emit("checkout.session.expired", session, request);
    return session;
  }

  async refund(input: RefundInput, request?: EventRequest): Promise<Refund> {
    const charge = this.refundableCharge(input);
    const left = charge.amount - charge.amount_refunded;
    if (left === 0) throw invalidRequest(`Charge ${charge.id} has already been refunded.`, undefined, "charge_already_refunded");
    const amount = input.amount ?? left;
    if (amount > left) {
      const message = `Refund amount (${formatAmount(amount, charge.currency)}) is greater than unrefunded amount on charge (${formatAmount(left, charge.currency)})`;
      throw invalidRequest(message, "amount", "amount_too_large");
    }
    const refund = buildRefund(charge, amount, input.reason ?? null, input.metadata ?? {});
    this.refunds.set(refund.id, refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    await this.webhooks.emit("charge.refunded", charge, request);
    return refund;
  }

  /** The cardholder disputes the payment with their bank (only ever from outside the API: the bank). */
  async openDispute(paymentIntent: string, reason: Dispute["reason"] = "fraudulent"): Promise<Dispute> {
    const charge = this.refundableCharge({ paymentIntent });
    const dispute: Dispute = {
      id: newId("dp_"),
      object: "dispute",
      amount: charge.amount - charge.amount_refunded,
      created: unixNow(),
      currency: charge.currency,
      livemode: false,
      // Stripe opens a dispute with metadata of its own, empty: the charge's is not copied.
      metadata: {},
      reason,
      status: "needs_response",
      charge: charge.id,
      payment_intent: charge.payment_intent,
    };
    this.disputes.set(dispute.id, dispute);
    await this.webhooks.emit("charge.dispute.created", dispute);
    return dispute;
  }

  private refundableCharge(input: RefundInput): Charge {
    if (!input.charge && !input.paymentIntent) {
      throw invalidRequest("One of the following params should be provided: charge, payment_intent.", undefined, "parameter_missing");
    }
    const intent = input.paymentIntent ? this.paymentIntent(input.paymentIntent, "payment_intent") : undefined;
    const charge = input.charge ? this.charge(input.charge, "charge") : this.charges.get(intent?.latest_charge ?? "");
    if (intent && charge && charge.payment_intent !== intent.id) {
      throw invalidRequest(`Charge ${charge.id} does not belong to PaymentIntent ${intent.id}.`, "charge");
    }
    if (charge?.status !== "succeeded") {
      const subject = input.paymentIntent ? `This PaymentIntent (${input.paymentIntent})` : `This charge (${input.charge})`;
      throw invalidRequest(`${subject} does not have a successful charge to refund.`, input.paymentIntent ? "payment_intent" : "charge");
    }
    return charge;
  }

  /**
   * Replaces ids by their objects along `expand` paths (`payment_intent.latest_charge`), through lists
   * (`data`) and plain hashes, refusing what is not an id and paths deeper than Stripe's four levels.
   */
  expand(object: object, paths: string[], prefix = ""): unknown {
    const tooDeep = prefix === "" ? paths.find((path) => path.split(".").length > 4) : undefined;
    if (tooDeep) throw invalidRequest(`You cannot expand more than 4 levels of a property. Property: ${tooDeep}`, "expand");
    const out: Record<string, unknown> = { ...object };
    const groups = Map.groupBy(paths, (path) => path.split(".")[0]!);
    for (const [field, group] of groups) {
      const rest = group.map((path) => path.slice(field.length + 1)).filter(Boolean);
      const value = out[field];
      const kind = "object" in object ? object.object : undefined;
      // Not an object of its own but an includable field: Stripe adds it only when asked.
      if (field === "total_details" && kind === "checkout.session" && rest.join() === "breakdown") {
        const breakdown = this.breakdowns.get((object as CheckoutSession).id) ?? { discounts: [], taxes: [] };
        out[field] = { ...(value as object), breakdown };
        continue;
      }
      if (field === "payments" && kind === "invoice") {
        const id = (object as { id: string }).id;
        const data = this.billing.invoicePayments.get(id) ?? [];
        const list = { object: "list", data, has_more: false, url: `/v1/invoice_payments?invoice=${id}` };
        out[field] = this.expand(list, rest, `${prefix}${field}.`);
        continue;
      }
      if (value === null) continue;
      if (field === "data" && kind === "list" && Array.isArray(value)) {
        out[field] = value.map((item: object) => this.expand(item, rest, `${prefix}${field}.`));
        continue;
      }
      const target = typeof value === "string" ? this.find(value) : rest.length > 0 && typeof value === "object" ? value : undefined;
      if (!target) throw invalidRequest(`This property cannot be expanded (${prefix}${field}).`, "expand");
      out[field] = this.expand(target, rest, `${prefix}${field}.`);
    }
    return out;
  }

  private find(id: string): object | undefined {
    const { subscriptions, invoices, customers } = this.billing;
    const stores = [this.sessions, this.paymentIntents, this.charges, this.refunds, this.disputes, subscriptions, invoices, customers];
    return stores.map((store: Map<string, object>) => store.get(id)).find(Boolean);
  }
}

/** The country the payment page offers first: Stripe guesses it from the visitor's address, this double from the page's language. */
export function guessedCountry(session: CheckoutSession): string {
  return session.locale === "fr" ? "FR" : session.locale === "es" ? "ES" : "IE";
}

/** What Checkout keeps of a billing address; the double asks only for the country. */
function billingAddress(country: string) {
  return { city: null, country, line1: null, line2: null, postal_code: null, state: null };
}

function fail(error: ApiError): never {
  throw error;
}

const notInStatus = (verb: string, statuses: string[]) =>
  invalidRequest(`Only Checkout Sessions with a status in ${JSON.stringify(statuses)} can be ${verb}.`, undefined, undefined, 400);
