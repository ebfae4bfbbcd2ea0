import { randomBytes } from "node:crypto";
import type Stripe from "stripe";
import type { CardDetails, Charge, CheckoutSession, PaymentIntent, Refund, SepaDebitDetails, SessionInput } from "./types.ts";

const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** An id the way Stripe writes them: a type prefix and random base-62 characters. */
export function newId(prefix: string, length = 24): string {
  return prefix + [...randomBytes(length)].map((byte) => alphabet[byte % alphabet.length]).join("");
}

export const unixNow = () => Math.floor(Date.now() / 1000);

/** An amount as people read it. Stripe counts in the currency's smallest unit: cents for EUR, whole yen for JPY. */
export function formatAmount(amount: number, currency: string, language = "en-US"): string {
  const format = new Intl.NumberFormat(language, { style: "currency", currency: currency.toUpperCase() });
  return format.format(amount / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}

export function buildSession(input: SessionInput, baseUrl: string): CheckoutSession {
  const id = newId("cs_test_a1", 58);
  const created = unixNow();
  const total = input.lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
  return {
    id,
    object: "checkout.session",
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: total,
    amount_total: total,
    // Stripe Tax waits for the address the payment page asks for.
    automatic_tax: input.automaticTax
      ? { enabled: true, liability: { type: "self" }, provider: "stripe", status: "requires_location_inputs" }
      : { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: input.billingAddressCollection,
    cancel_url: input.cancelUrl,
    client_reference_id: input.clientReferenceId,
    client_secret: null,
    consent: null,
    consent_collection: null,
    created,
    currency: input.lineItems[0]?.currency ?? null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: null,
    customer_creation: "if_required",
    customer_details: null,
    customer_email: input.customerEmail,
    discounts: [],
    expires_at: input.expiresAt ?? created + 24 * 3600,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: input.locale,
    metadata: input.metadata,
    mode: input.mode,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: "if_required",
    payment_method_options: {},
    payment_method_types: input.paymentMethodTypes ?? ["card"],
    payment_status: "unpaid",
    phone_number_collection: { enabled: false },
    recovered_from: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: "open",
    submit_type: null,
    subscription: null,
    success_url: input.successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: "hosted_page",
    url: `${baseUrl}/pay/${id}`,
  };
}

/** The payment of a session, or of an invoice (which gives the same three fields). */
export function buildPaymentIntent(
  session: Pick<CheckoutSession, "amount_total" | "currency" | "payment_method_types">,
  metadata: Record<string, string>,
): PaymentIntent {
  const id = newId("pi_");
  return {
    id,
    object: "payment_intent",
    amount: session.amount_total ?? 0,
    amount_capturable: 0,
    amount_received: 0,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: "automatic_async",
    client_secret: `${id}_secret_${newId("")}`,
    confirmation_method: "automatic",
    created: unixNow(),
    currency: session.currency ?? "usd",
    customer: null,
    description: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata,
    next_action: null,
    payment_method: newId("pm_"),
    payment_method_types: session.payment_method_types,
    processing: null,
    receipt_email: null,
    status: "processing",
  };
}

/** A card charge succeeds at once; a SEPA Direct Debit one stays pending until the bank settles it. */
export function buildCharge(intent: PaymentIntent, method: "card" | "sepa_debit"): Charge {
  const pending = method === "sepa_debit";
  const card: CardDetails = {
    brand: "visa",
    country: "US",
    exp_month: 12,
    exp_year: new Date().getFullYear() + 3,
    funding: "credit",
    last4: "4242",
    network: "visa",
  };
  const sepa: SepaDebitDetails = { bank_code: "37040044", country: "DE", last4: "3000", mandate: newId("mandate_") };
  return {
    id: newId("ch_"),
    object: "charge",
    amount: intent.amount,
    amount_captured: pending ? 0 : intent.amount,
    amount_refunded: 0,
    balance_transaction: pending ? null : newId("txn_"),
    captured: !pending,
    created: unixNow(),
    currency: intent.currency,
    customer: null,
    description: null,
    disputed: false,
    failure_code: null,
    failure_message: null,
    livemode: false,
    metadata: { ...intent.metadata },
    paid: !pending,
    payment_intent: intent.id,
    payment_method: intent.payment_method,
    payment_method_details: method === "card" ? { type: "card", card } : { type: "sepa_debit", sepa_debit: sepa },
    receipt_email: null,
    receipt_url: null,
    refunded: false,
    status: pending ? "pending" : "succeeded",
  };
}

export function buildRefund(charge: Charge, amount: number, reason: Stripe.Refund.Reason | null, metadata: Record<string, string>): Refund {
  return {
    id: newId("re_"),
    object: "refund",
    amount,
    balance_transaction: newId("txn_"),
    charge: charge.id,
    created: unixNow(),
    currency: charge.currency,
    metadata,
    payment_intent: charge.payment_intent,
    reason,
    receipt_number: null,
    status: "succeeded",
  };
}
