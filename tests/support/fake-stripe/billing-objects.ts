import type Stripe from "stripe";
import type { Customer, Invoice, InvoicePayment, List, PortalSession, Price, Subscription, SubscriptionItem } from "./billing-types.ts";
import { newId, unixNow } from "./objects.ts";
import type { TaxCalculation } from "./tax.ts";
import type { LineItem } from "./types.ts";

const list = <T>(data: T[], url: string): List<T> => ({ object: "list", data, has_more: false, url });

/** `months` months after a moment, on the same day of the month or the month's last, as Stripe's billing cycles go. */
export function addMonths(seconds: number, months: number): number {
  const date = new Date(seconds * 1000);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return Math.floor(date.getTime() / 1000);
}

/** The end of a period of `line`'s recurrence starting at `start`. */
export function periodEnd(start: number, line: LineItem): number {
  const { interval, intervalCount } = line.recurring ?? { interval: "month", intervalCount: 1 };
  if (interval === "year") return addMonths(start, 12 * intervalCount);
  if (interval === "month") return addMonths(start, intervalCount);
  return start + intervalCount * (interval === "week" ? 7 : 1) * 86_400;
}

export function buildCustomer(email: string, address: Stripe.Address | null): Customer {
  return {
    id: newId("cus_", 14),
    object: "customer",
    address,
    balance: 0,
    created: unixNow(),
    default_source: null,
    description: null,
    email,
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: {},
    name: null,
    shipping: null,
  };
}

/** Checkout's inline `price_data` becomes a Price of its own, on a Product of its own, as on Stripe. */
function buildPrice(line: LineItem): Price {
  return {
    id: newId("price_"),
    object: "price",
    active: false,
    billing_scheme: "per_unit",
    created: unixNow(),
    currency: line.currency,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product: newId("prod_", 14),
    recurring: {
      interval: line.recurring?.interval ?? "month",
      interval_count: line.recurring?.intervalCount ?? 1,
      meter: null,
      trial_period_days: null,
      usage_type: "licensed",
    },
    tax_behavior: line.taxBehavior,
    type: "recurring",
    unit_amount: line.unitAmount,
  };
}

export interface SubscriptionStart {
  customer: string;
  lines: LineItem[];
  metadata: Record<string, string>;
  start: number;
  automaticTax: boolean;
  paymentMethod: string | null;
}

export function buildSubscription({ customer, lines, metadata, start, automaticTax, paymentMethod }: SubscriptionStart): Subscription {
  const id = newId("sub_");
  const items = lines.map(
    (line): SubscriptionItem => ({
      id: newId("si_", 14),
      object: "subscription_item",
      created: start,
      current_period_start: start,
      current_period_end: periodEnd(start, line),
      discounts: [],
      metadata: {},
      price: buildPrice(line),
      quantity: line.quantity,
      subscription: id,
      tax_rates: [],
    }),
  );
  return {
    id,
    object: "subscription",
    automatic_tax: automaticTax
      ? { disabled_reason: null, enabled: true, liability: { type: "self" } }
      : { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: start,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: "charge_automatically",
    created: start,
    currency: lines[0]?.currency ?? "eur",
    customer,
    days_until_due: null,
    default_payment_method: paymentMethod,
    description: null,
    discounts: [],
    ended_at: null,
    items: list(items, `/v1/subscription_items?subscription=${id}`),
    latest_invoice: null,
    livemode: false,
    metadata,
    pause_collection: null,
    start_date: start,
    status: "active",
    test_clock: null,
    trial_end: null,
    trial_start: null,
  };
}

export interface InvoiceInput {
  subscription: Subscription;
  lines: LineItem[];
  reason: "subscription_create" | "subscription_cycle";
  periodStart: number;
  periodEnd: number;
  customer: Customer;
  /** Stripe Tax's work on the lines, when the subscription has automatic tax; `rateId` names the rate it used. */
  tax: (TaxCalculation & { rateId: string | null }) | null;
  baseUrl: string;
}

/** An invoice as finalized, before any payment: open, for its whole total. */
export function buildInvoice({ subscription, lines, reason, periodStart, periodEnd, customer, tax, baseUrl }: InvoiceInput): Invoice {
  const id = newId("in_");
  const subtotal = lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);
  const total = subtotal + (tax?.added ?? 0);
  const taxes = tax?.breakdown.taxes ?? [];
  return {
    id,
    object: "invoice",
    account_country: "IE",
    amount_due: total,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: total,
    attempt_count: 0,
    attempted: false,
    automatic_tax: subscription.automatic_tax.enabled
      ? { disabled_reason: null, enabled: true, liability: { type: "self" }, provider: "stripe", status: "complete" }
      : { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    billing_reason: reason,
    collection_method: "charge_automatically",
    created: periodStart,
    currency: subscription.currency,
    customer: customer.id,
    customer_address: customer.address ?? null,
    customer_email: customer.email,
    customer_name: customer.name ?? null,
    description: null,
    due_date: null,
    hosted_invoice_url: `${baseUrl}/invoice/${id}`,
    invoice_pdf: `${baseUrl}/invoice/${id}/pdf`,
    lines: list(
      lines.map((line) => ({
        id: newId("il_"),
        object: "line_item" as const,
        amount: line.unitAmount * line.quantity,
        currency: line.currency,
        description: `${line.quantity} × ${line.name}`,
        discountable: true,
        discounts: [],
        invoice: id,
        livemode: false,
        metadata: {},
        period: { start: periodStart, end: periodEnd },
        quantity: line.quantity,
        subscription: subscription.id,
        subtotal: line.unitAmount * line.quantity,
      })),
      `/v1/invoices/${id}/lines`,
    ),
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: `${id.slice(3, 11).toUpperCase()}-0001`,
    parent: {
      type: "subscription_details",
      quote_details: null,
      subscription_details: { metadata: { ...subscription.metadata }, subscription: subscription.id },
    },
    period_end: periodEnd,
    period_start: periodStart,
    status: "open",
    status_transitions: { finalized_at: periodStart, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal,
    total,
    total_taxes: tax
      ? taxes.map((entry) => ({
          amount: entry.amount,
          tax_behavior: lines.every((line) => line.taxBehavior === "inclusive") ? "inclusive" : "exclusive",
          tax_rate_details: { tax_rate: tax.rateId ?? entry.rate.id },
          taxability_reason: entry.taxability_reason,
          taxable_amount: entry.taxable_amount,
          type: "tax_rate_details" as const,
        }))
      : [],
  };
}

export function buildInvoicePayment(invoice: Invoice, paymentIntent: string): InvoicePayment {
  return {
    id: newId("inpay_"),
    object: "invoice_payment",
    amount_paid: null,
    amount_requested: invoice.amount_due,
    created: invoice.created,
    currency: invoice.currency,
    invoice: invoice.id,
    is_default: true,
    livemode: false,
    payment: { type: "payment_intent", payment_intent: paymentIntent },
    status: "open",
    status_transitions: { canceled_at: null, paid_at: null },
  };
}

export function buildPortalSession(customer: string, returnUrl: string | null, locale: string | null, baseUrl: string): PortalSession {
  const id = newId("bps_");
  return {
    id,
    object: "billing_portal.session",
    configuration: newId("bpc_"),
    created: unixNow(),
    customer,
    customer_account: null,
    flow: null,
    livemode: false,
    locale,
    on_behalf_of: null,
    return_url: returnUrl,
    url: `${baseUrl}/billing/p/session/${id}`,
  };
}
