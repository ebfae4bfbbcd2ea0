import type Stripe from "stripe";
import { buildCustomer, buildInvoice, buildInvoicePayment, buildPortalSession, buildSubscription, periodEnd } from "./billing-objects.ts";
import type { Customer, Invoice, InvoicePayment, PortalSession, Subscription } from "./billing-types.ts";
import { type ApiError, invalidRequest, noSuch } from "./errors.ts";
import { buildCharge, buildPaymentIntent, newId, unixNow } from "./objects.ts";
import { calculateTax, type TaxRate } from "./tax.ts";
import type { Charge, CheckoutSession, EventRequest, LineItem, PaymentIntent } from "./types.ts";
import type { WebhookSender } from "./webhooks.ts";

/** The Ledger's payments, where an invoice's PaymentIntent and charges go too (so refunds and disputes find them). */
export interface PaymentStores {
  paymentIntents: Map<string, PaymentIntent>;
  charges: Map<string, Charge>;
}

export interface SubscriptionChanges {
  cancelAtPeriodEnd?: boolean;
  /** Keys to set; an empty value removes its key, as on Stripe. */
  metadata?: Record<string, string>;
  cancellationComment?: string;
}

/** How long Stripe's Smart Retries wait before trying a declined renewal again, in this double: three days. */
const retryDelaySeconds = 3 * 86_400;

/**
 * Stripe Billing in the double: the subscription a Checkout Session starts, its invoices and their payments,
 * and what moves them. There is no clock: `advance` plays a test clock reaching the period's end.
 */
export class Billing {
  readonly customers = new Map<string, Customer>();
  readonly subscriptions = new Map<string, Subscription>();
  readonly invoices = new Map<string, Invoice>();
  /** An invoice's `payments`, sent only when expanded. */
  readonly invoicePayments = new Map<string, InvoicePayment[]>();
  readonly portalSessions = new Map<string, PortalSession>();
  readonly taxRates = new Map<string, TaxRate>();
  /** The session that started a subscription, and the invoice a PaymentIntent pays (for the controls' listings). */
  readonly sessionOfSubscription = new Map<string, string>();
  readonly invoiceOfIntent = new Map<string, string>();
  /** `subscription_data[metadata]` of an open session. */
  readonly metadataOfSession = new Map<string, Record<string, string>>();
  private readonly lines = new Map<string, LineItem[]>();
  private readonly stores: PaymentStores;
  private readonly webhooks: WebhookSender;
  private readonly baseUrl: () => string;

  constructor(stores: PaymentStores, webhooks: WebhookSender, baseUrl: () => string) {
    this.stores = stores;
    this.webhooks = webhooks;
    this.baseUrl = baseUrl;
  }

  subscription(id: string, param?: string): Subscription {
    return this.subscriptions.get(id) ?? fail(noSuch("subscription", id, param));
  }

  invoice(id: string, param?: string): Invoice {
    return this.invoices.get(id) ?? fail(noSuch("invoice", id, param));
  }

  /**
   * A subscription-mode session paid by card: its customer, subscription and first invoice, paid. Nothing is
   * announced: the caller completes the session first, then sends the events, so that each event finds
   * everything in place whatever it asks.
   */
  start(session: CheckoutSession, lines: LineItem[], email: string, address: Stripe.Address | null) {
    const customer = buildCustomer(email, address);
    this.customers.set(customer.id, customer);
    const start = unixNow();
    const metadata = this.metadataOfSession.get(session.id) ?? {};
    const automaticTax = session.automatic_tax.enabled;
    const subscription = buildSubscription({ customer: customer.id, lines, metadata, start, automaticTax, paymentMethod: newId("pm_") });
    this.subscriptions.set(subscription.id, subscription);
    this.lines.set(subscription.id, lines);
    this.sessionOfSubscription.set(subscription.id, session.id);
    const end = subscription.items.data[0]?.current_period_end ?? start;
    const invoice = this.invoiceFor(subscription, "subscription_create", start, end);
    this.pay(invoice, "succeeded", start);
    return { customer, subscription, invoice };
  }

  /**
   * As a test clock reaching the end of the period: the next period begins and its invoice is charged, paid
   * or declined (then `past_due`, with a retry planned); a subscription set to cancel at the period's end
   * ends instead. Sends `customer.subscription.updated` then `invoice.paid` / `invoice.payment_failed`, or
   * `customer.subscription.deleted`.
   */
  async advance(id: string, outcome: "succeeded" | "failed"): Promise<{ subscription: Subscription; invoice: Invoice | null }> {
    const subscription = this.subscription(id);
    if (subscription.status === "canceled") throw invalidRequest(`Subscription ${id} has ended: it has no next period.`, "id");
    const start = Math.max(...subscription.items.data.map((item) => item.current_period_end));
    if (subscription.cancel_at_period_end || (subscription.cancel_at !== null && subscription.cancel_at <= start)) {
      Object.assign(subscription, { status: "canceled", ended_at: start, canceled_at: subscription.canceled_at ?? start });
      await this.webhooks.emit("customer.subscription.deleted", subscription);
      return { subscription, invoice: null };
    }
    const before = structuredClone(subscription);
    const lines = this.lines.get(id) ?? [];
    for (const [i, item] of subscription.items.data.entries()) {
      Object.assign(item, { current_period_start: start, current_period_end: periodEnd(start, lines[i] ?? lines[0]!) });
    }
    const invoice = this.invoiceFor(subscription, "subscription_cycle", start, subscription.items.data[0]?.current_period_end ?? start);
    this.pay(invoice, outcome, start);
    subscription.status = outcome === "succeeded" ? "active" : "past_due";
    await this.webhooks.emit("customer.subscription.updated", subscription, undefined, changed(before, subscription));
    await this.webhooks.emit(outcome === "succeeded" ? "invoice.paid" : "invoice.payment_failed", invoice);
    return { subscription, invoice };
  }

  /** The customer pays an open invoice on its hosted page: `invoice.paid`, and the subscription is active again. */
  async payOpenInvoice(id: string): Promise<Invoice> {
    const invoice = this.invoice(id);
    if (invoice.status !== "open") throw invalidRequest("Invoice is already paid", undefined, "invoice_already_paid");
    const payment = this.invoicePayments.get(id)?.[0];
    const intent = this.stores.paymentIntents.get(payment?.payment.payment_intent ?? "");
    if (!payment || !intent) throw new Error(`Invoice ${id} has no payment`);
    this.attempt(invoice, payment, intent, "succeeded", Math.max(unixNow(), invoice.created));
    await this.webhooks.emit("invoice.paid", invoice);
    const subscription = this.subscription(invoice.parent.subscription_details.subscription);
    if (subscription.latest_invoice === id && (subscription.status === "past_due" || subscription.status === "unpaid")) {
      const before = structuredClone(subscription);
      subscription.status = "active";
      await this.webhooks.emit("customer.subscription.updated", subscription, undefined, changed(before, subscription));
    }
    return invoice;
  }

  /** `POST /v1/subscriptions/:id`: an event only when something changed. */
  async update(id: string, changes: SubscriptionChanges, request?: EventRequest): Promise<Subscription> {
    const subscription = this.subscription(id);
    if (subscription.status === "canceled" && changes.cancelAtPeriodEnd !== undefined) {
      throw invalidRequest("A canceled subscription can only update its cancellation_details and metadata.", "cancel_at_period_end");
    }
    const before = structuredClone(subscription);
    if (changes.cancelAtPeriodEnd !== undefined && changes.cancelAtPeriodEnd !== subscription.cancel_at_period_end) {
      const stop = changes.cancelAtPeriodEnd;
      const end = Math.max(...subscription.items.data.map((item) => item.current_period_end));
      Object.assign(subscription, {
        cancel_at_period_end: stop,
        cancel_at: stop ? end : null,
        canceled_at: stop ? unixNow() : null,
        cancellation_details: { ...subscription.cancellation_details, reason: stop ? "cancellation_requested" : null },
      });
    }
    if (changes.cancellationComment !== undefined) {
      subscription.cancellation_details = { ...subscription.cancellation_details!, comment: changes.cancellationComment };
    }
    for (const [key, value] of Object.entries(changes.metadata ?? {})) {
      if (value === "") delete subscription.metadata[key];
      else subscription.metadata[key] = value;
    }
    const previous = changed(before, subscription);
    if (Object.keys(previous).length > 0) await this.webhooks.emit("customer.subscription.updated", subscription, request, previous);
    return subscription;
  }

  /** `DELETE /v1/subscriptions/:id`: ended now, without waiting for the period's end. */
  async cancel(id: string, request?: EventRequest): Promise<Subscription> {
    const subscription = this.subscription(id);
    if (subscription.status === "canceled") {
      throw invalidRequest(`A canceled subscription can only update its cancellation_details and metadata.`, undefined, undefined, 400);
    }
    const now = unixNow();
    Object.assign(subscription, {
      status: "canceled",
      canceled_at: now,
      ended_at: now,
      cancellation_details: { ...subscription.cancellation_details, reason: "cancellation_requested" },
    });
    await this.webhooks.emit("customer.subscription.deleted", subscription, request);
    return subscription;
  }

  portalSession(customer: string, returnUrl: string | null, locale: string | null): PortalSession {
    if (!this.customers.has(customer)) throw noSuch("customer", customer, "customer");
    const session = buildPortalSession(customer, returnUrl, locale, this.baseUrl());
    this.portalSessions.set(session.id, session);
    return session;
  }

  /** The next invoice of a subscription, with Stripe Tax's work when it has automatic tax and its customer an address. */
  private invoiceFor(subscription: Subscription, reason: "subscription_create" | "subscription_cycle", start: number, end: number) {
    const customer = this.customers.get(subscription.customer)!;
    const lines = this.lines.get(subscription.id) ?? [];
    const country = customer.address?.country;
    const calculation = subscription.automatic_tax.enabled && country ? calculateTax(lines, country) : null;
    const rate = calculation?.breakdown.taxes[0]?.rate;
    if (rate) this.taxRates.set(rate.id, rate);
    const tax = calculation && { ...calculation, rateId: rate?.id ?? null };
    const invoice = buildInvoice({
      subscription,
      lines,
      reason,
      periodStart: start,
      periodEnd: end,
      customer,
      tax,
      baseUrl: this.baseUrl(),
    });
    this.invoices.set(invoice.id, invoice);
    subscription.latest_invoice = invoice.id;
    return invoice;
  }

  /** The invoice's PaymentIntent, charged on the subscription's card. */
  private pay(invoice: Invoice, outcome: "succeeded" | "failed", at: number) {
    const subscription = this.subscription(invoice.parent.subscription_details.subscription);
    const intent = buildPaymentIntent({ amount_total: invoice.amount_due, currency: invoice.currency, payment_method_types: ["card"] }, {});
    Object.assign(intent, {
      customer: invoice.customer,
      payment_method: subscription.default_payment_method ?? intent.payment_method,
      description: invoice.billing_reason === "subscription_create" ? "Subscription creation" : "Subscription update",
    });
    this.stores.paymentIntents.set(intent.id, intent);
    this.invoiceOfIntent.set(intent.id, invoice.id);
    const payment = buildInvoicePayment(invoice, intent.id);
    this.invoicePayments.set(invoice.id, [payment]);
    this.attempt(invoice, payment, intent, outcome, at);
  }

  /** One try of the card: a charge, paid or declined for insufficient funds. */
  private attempt(invoice: Invoice, payment: InvoicePayment, intent: PaymentIntent, outcome: "succeeded" | "failed", at: number) {
    const charge = buildCharge(intent, "card");
    charge.customer = invoice.customer;
    this.stores.charges.set(charge.id, charge);
    intent.latest_charge = charge.id;
    invoice.attempted = true;
    invoice.attempt_count += 1;
    if (outcome === "succeeded") {
      Object.assign(intent, { status: "succeeded", amount_received: intent.amount, last_payment_error: null });
      Object.assign(invoice, { status: "paid", amount_paid: invoice.amount_due, amount_remaining: 0, next_payment_attempt: null });
      invoice.status_transitions = { ...invoice.status_transitions, paid_at: at };
      Object.assign(payment, { status: "paid", amount_paid: invoice.amount_due, status_transitions: { canceled_at: null, paid_at: at } });
      return;
    }
    const failure = { failure_code: "card_declined", failure_message: "Your card has insufficient funds." };
    Object.assign(charge, { status: "failed", paid: false, captured: false, amount_captured: 0, balance_transaction: null, ...failure });
    Object.assign(intent, {
      status: "requires_payment_method",
      last_payment_error: {
        type: "card_error",
        code: "card_declined",
        decline_code: "insufficient_funds",
        message: failure.failure_message,
        charge: charge.id,
      },
    });
    invoice.next_payment_attempt = at + retryDelaySeconds;
  }
}

/** `previous_attributes`: each top-level field that changed, as it was. */
function changed(before: object, after: object): Record<string, unknown> {
  const was = before as Record<string, unknown>;
  const is = after as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(was)
      .filter((key) => JSON.stringify(was[key]) !== JSON.stringify(is[key]))
      .map((key) => [key, was[key]]),
  );
}

function fail(error: ApiError): never {
  throw error;
}
