import type Stripe from "stripe";

/*
 * Stripe Billing's objects, as subsets of the SDK's own types (so their shapes follow Stripe's API reference
 * as the SDK knows it, API 2026-10-28): references to other objects are ids, expanded only in answers.
 */

/** A list as Stripe sends one inside an object (`items`, `lines`, `payments`). */
export interface List<T> {
  object: "list";
  data: T[];
  has_more: boolean;
  url: string;
}

export type Customer = Pick<
  Stripe.Customer,
  "id" | "object" | "address" | "balance" | "created" | "description" | "email" | "livemode" | "metadata" | "name"
> & {
  default_source: null;
  invoice_settings: { custom_fields: null; default_payment_method: string | null; footer: null; rendering_options: null };
  shipping: null;
};

export type Price = Pick<
  Stripe.Price,
  | "id"
  | "object"
  | "active"
  | "billing_scheme"
  | "created"
  | "currency"
  | "livemode"
  | "lookup_key"
  | "metadata"
  | "nickname"
  | "tax_behavior"
  | "type"
  | "unit_amount"
> & {
  product: string;
  recurring: Pick<Stripe.Price.Recurring, "interval" | "interval_count" | "meter" | "trial_period_days" | "usage_type">;
};

export type SubscriptionItem = Pick<
  Stripe.SubscriptionItem,
  | "id"
  | "object"
  | "created"
  | "current_period_end"
  | "current_period_start"
  | "discounts"
  | "metadata"
  | "quantity"
  | "subscription"
  | "tax_rates"
> & { price: Price };

type SubscriptionField =
  | "id"
  | "object"
  | "automatic_tax"
  | "billing_cycle_anchor"
  | "cancel_at"
  | "cancel_at_period_end"
  | "canceled_at"
  | "cancellation_details"
  | "collection_method"
  | "created"
  | "currency"
  | "days_until_due"
  | "description"
  | "discounts"
  | "ended_at"
  | "livemode"
  | "metadata"
  | "pause_collection"
  | "start_date"
  | "status"
  | "test_clock"
  | "trial_end"
  | "trial_start";
export type Subscription = Pick<Stripe.Subscription, SubscriptionField> & {
  customer: string;
  default_payment_method: string | null;
  items: List<SubscriptionItem>;
  latest_invoice: string | null;
};

export type InvoiceLine = Pick<
  Stripe.InvoiceLineItem,
  | "id"
  | "object"
  | "amount"
  | "currency"
  | "description"
  | "discountable"
  | "discounts"
  | "livemode"
  | "metadata"
  | "period"
  | "quantity"
  | "subtotal"
> & { invoice: string; subscription: string };

type InvoiceField =
  | "id"
  | "object"
  | "account_country"
  | "amount_due"
  | "amount_overpaid"
  | "amount_paid"
  | "amount_remaining"
  | "attempt_count"
  | "attempted"
  | "automatic_tax"
  | "billing_reason"
  | "collection_method"
  | "created"
  | "currency"
  | "customer_address"
  | "customer_email"
  | "customer_name"
  | "description"
  | "due_date"
  | "hosted_invoice_url"
  | "invoice_pdf"
  | "livemode"
  | "metadata"
  | "next_payment_attempt"
  | "number"
  | "period_end"
  | "period_start"
  | "status"
  | "status_transitions"
  | "subtotal"
  | "total"
  | "total_taxes";
export type Invoice = Pick<Stripe.Invoice, InvoiceField> & {
  customer: string;
  lines: List<InvoiceLine>;
  parent: {
    type: "subscription_details";
    quote_details: null;
    subscription_details: { metadata: Record<string, string>; subscription: string };
  };
};

export type InvoicePayment = Pick<
  Stripe.InvoicePayment,
  | "id"
  | "object"
  | "amount_paid"
  | "amount_requested"
  | "created"
  | "currency"
  | "is_default"
  | "livemode"
  | "status"
  | "status_transitions"
> & { invoice: string; payment: { type: "payment_intent"; payment_intent: string } };

export type PortalSession = Pick<
  Stripe.BillingPortal.Session,
  | "id"
  | "object"
  | "configuration"
  | "created"
  | "customer"
  | "customer_account"
  | "flow"
  | "livemode"
  | "locale"
  | "on_behalf_of"
  | "return_url"
  | "url"
> & { configuration: string };

/** What a subscription-mode session's line says of its recurrence (`price_data[recurring]`). */
export interface Recurrence {
  interval: Stripe.Price.Recurring.Interval;
  intervalCount: number;
}
