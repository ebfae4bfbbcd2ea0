import type Stripe from "stripe";
import type { Customer, Invoice, Recurrence, Subscription } from "./billing-types.ts";
import type { FormObject } from "./params.ts";

/*
 * The objects are subsets of the SDK's own types, so their shapes are checked against Stripe's API reference
 * as the SDK knows it; references to other objects are ids here, and are expanded only in answers.
 */

type SessionField =
  | "id"
  | "object"
  | "after_expiration"
  | "allow_promotion_codes"
  | "amount_subtotal"
  | "amount_total"
  | "automatic_tax"
  | "billing_address_collection"
  | "cancel_url"
  | "client_reference_id"
  | "client_secret"
  | "consent"
  | "consent_collection"
  | "created"
  | "currency"
  | "custom_fields"
  | "custom_text"
  | "customer"
  | "customer_creation"
  | "customer_details"
  | "customer_email"
  | "discounts"
  | "expires_at"
  | "invoice"
  | "invoice_creation"
  | "livemode"
  | "locale"
  | "metadata"
  | "mode"
  | "payment_link"
  | "payment_method_collection"
  | "payment_method_options"
  | "payment_method_types"
  | "payment_status"
  | "phone_number_collection"
  | "recovered_from"
  | "setup_intent"
  | "shipping_address_collection"
  | "shipping_cost"
  | "shipping_options"
  | "status"
  | "submit_type"
  | "subscription"
  | "success_url"
  | "total_details"
  | "ui_mode"
  | "url";
export type CheckoutSession = Pick<Stripe.Checkout.Session, SessionField> & { payment_intent: string | null };

type PaymentIntentField =
  | "id"
  | "object"
  | "amount"
  | "amount_capturable"
  | "amount_received"
  | "canceled_at"
  | "cancellation_reason"
  | "capture_method"
  | "client_secret"
  | "confirmation_method"
  | "created"
  | "currency"
  | "customer"
  | "description"
  | "last_payment_error"
  | "livemode"
  | "metadata"
  | "next_action"
  | "payment_method_types"
  | "processing"
  | "receipt_email"
  | "status";
export type PaymentIntent = Pick<Stripe.PaymentIntent, PaymentIntentField> & {
  latest_charge: string | null;
  payment_method: string | null;
};

type ChargeField =
  | "id"
  | "object"
  | "amount"
  | "amount_captured"
  | "amount_refunded"
  | "balance_transaction"
  | "captured"
  | "created"
  | "currency"
  | "customer"
  | "description"
  | "disputed"
  | "failure_code"
  | "failure_message"
  | "livemode"
  | "metadata"
  | "paid"
  | "payment_method"
  | "receipt_email"
  | "receipt_url"
  | "refunded"
  | "status";
export type CardDetails = Pick<
  Stripe.Charge.PaymentMethodDetails.Card,
  "brand" | "country" | "exp_month" | "exp_year" | "funding" | "last4" | "network"
>;
export type SepaDebitDetails = Pick<Stripe.Charge.PaymentMethodDetails.SepaDebit, "bank_code" | "country" | "last4" | "mandate">;
export type Charge = Pick<Stripe.Charge, ChargeField> & {
  payment_intent: string;
  payment_method_details: { type: "card"; card: CardDetails } | { type: "sepa_debit"; sepa_debit: SepaDebitDetails };
};

type RefundField =
  | "id"
  | "object"
  | "amount"
  | "balance_transaction"
  | "created"
  | "currency"
  | "metadata"
  | "reason"
  | "receipt_number"
  | "status";
export type Refund = Pick<Stripe.Refund, RefundField> & { charge: string; payment_intent: string };

/** What the hosted page shows of a line item; the session itself only carries totals, as on Stripe. */
export interface LineItem {
  name: string;
  currency: string;
  unitAmount: number;
  quantity: number;
  /** Whether the price includes tax, as `price_data[tax_behavior]` said (Stripe Tax needs it said). */
  taxBehavior: "inclusive" | "exclusive" | "unspecified";
  taxCode: string | null;
  /** A subscription's price (`price_data[recurring]`); null for a one-time price. */
  recurring?: Recurrence | null;
}

export interface SessionInput {
  mode: "payment" | "subscription";
  lineItems: LineItem[];
  /** `subscription_data[metadata]`: the subscription's, once the session is paid. */
  subscriptionMetadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string | null;
  customerEmail: string | null;
  locale: Stripe.Checkout.Session.Locale | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  expiresAt: number | null;
  paymentMethodTypes: string[] | null;
  /** `automatic_tax[enabled]`: Stripe Tax computes the tax once the customer's address is known. */
  automaticTax: boolean;
  billingAddressCollection: "auto" | "required" | null;
}

export type EventType =
  | "checkout.session.completed"
  | "checkout.session.expired"
  | "checkout.session.async_payment_succeeded"
  | "checkout.session.async_payment_failed"
  | "charge.refunded"
  | "charge.dispute.created"
  | "customer.subscription.created"
  | "customer.subscription.updated"
  | "customer.subscription.deleted"
  | "invoice.paid"
  | "invoice.payment_failed";

export type EventObject = CheckoutSession | Charge | Dispute | Subscription | Invoice | Customer;

/** A payment the cardholder disputed with their bank, as Stripe's `charge.dispute.created` carries it. */
export type Dispute = Pick<
  Stripe.Dispute,
  "id" | "object" | "amount" | "created" | "currency" | "livemode" | "metadata" | "reason" | "status"
> & {
  charge: string;
  payment_intent: string;
};

/** The API request behind an event: null for what happens outside the API (the payment page, the dashboard, the bank). */
export interface EventRequest {
  id: string | null;
  idempotency_key: string | null;
}

export interface FakeEvent {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  /** `previous_attributes`: on an `*.updated` event, the values of the fields that changed, as they were. */
  data: { object: EventObject; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: EventRequest;
  type: EventType;
}

export interface Delivery {
  /** Our endpoint's HTTP status, or 0 when it could not be reached or did not answer in time. */
  status: number;
  at: string;
  error?: string;
}

export interface RecordedEvent {
  event: FakeEvent;
  /** The exact JSON that is signed and sent, again on every delivery. */
  payload: string;
  deliveries: Delivery[];
}

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  stripeVersion: string | null;
  params: FormObject;
  authorized: boolean;
  requestId: string;
  /** Filled in once answered. */
  status: number;
  replayed: boolean;
  at: string;
}
