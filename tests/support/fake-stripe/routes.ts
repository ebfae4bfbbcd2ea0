import type Stripe from "stripe";
import { billingRoutes } from "./billing-routes.ts";
import { invalidRequest, noSuch } from "./errors.ts";
import type { Ledger } from "./ledger.ts";
import { unixNow } from "./objects.ts";
import { array, boolean, integer, metadata, object, oneOf, parseParams, required, string } from "./params.ts";
import { expand, type Route, type RouteContext, retrieve, url } from "./route-kit.ts";
import type { LineItem } from "./types.ts";
import type { WebhookSender } from "./webhooks.ts";

// biome-ignore format: a list of codes reads best packed
const locales = ["auto", "bg", "cs", "da", "de", "el", "en", "en-GB", "es", "es-419", "et", "fi", "fil", "fr", "fr-CA", "hi-IN", "hr", "hu", "id", "it", "ja", "ko", "lt", "lv", "ms", "mt", "nb", "nl", "pl", "pt", "pt-BR", "ro", "ru", "sk", "sl", "sv", "th", "tr", "vi", "zh", "zh-HK", "zh-TW"] as const;
// biome-ignore format: a list of codes reads best packed
const paymentMethodTypes = ["acss_debit", "affirm", "afterpay_clearpay", "alipay", "bacs_debit", "bancontact", "blik", "boleto", "card", "cashapp", "eps", "ideal", "klarna", "konbini", "link", "mobilepay", "multibanco", "oxxo", "p24", "paypal", "revolut_pay", "sepa_debit", "swish", "twint", "us_bank_account", "wechat_pay"] as const;

const email = string({
  check(value, param) {
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) throw invalidRequest(`Invalid email address: ${value}`, param, "email_invalid");
    return value;
  },
});
const currency = string({
  check(value, param) {
    if (!/^[a-z]{3}$/i.test(value))
      throw invalidRequest(`Invalid currency: ${value}. Stripe's currencies are three-letter ISO codes.`, param);
    return value.toLowerCase();
  },
});

const sessionParams = {
  mode: required(oneOf(["payment", "setup", "subscription"])),
  line_items: required(
    array(
      object({
        quantity: required(integer({ min: 1 })),
        price: string(),
        price_data: object({
          currency: required(currency),
          unit_amount: required(integer({ min: 0 })),
          tax_behavior: oneOf(["exclusive", "inclusive", "unspecified"]),
          product_data: required(object({ name: required(string()), description: string(), tax_code: string() })),
          recurring: object({ interval: required(oneOf(["day", "week", "month", "year"])), interval_count: integer({ min: 1 }) }),
        }),
      }),
      { min: 1 },
    ),
  ),
  success_url: required(url),
  cancel_url: url,
  customer_email: email,
  locale: oneOf(locales),
  client_reference_id: string({ max: 200 }),
  metadata: metadata(),
  expires_at: integer(),
  payment_intent_data: object({ metadata: metadata() }),
  subscription_data: object({ metadata: metadata(), description: string({ max: 500 }) }),
  payment_method_types: array(oneOf(paymentMethodTypes)),
  automatic_tax: object({ enabled: required(boolean()) }),
  billing_address_collection: oneOf(["auto", "required"]),
  expand,
};

function createSession(ledger: Ledger, { params }: RouteContext) {
  const p = parseParams(sessionParams, params);
  if (p.mode === "setup") throw invalidRequest("This test double of Stripe supports only `mode=payment` and `mode=subscription`.", "mode");
  const mode = p.mode;
  // Each mode refuses the other's parameters, as Stripe does.
  if (mode === "subscription" && p.payment_intent_data) {
    throw invalidRequest("You can not pass `payment_intent_data` in `subscription` mode.", "payment_intent_data");
  }
  if (mode === "payment" && p.subscription_data)
    throw invalidRequest("You can not pass `subscription_data` in `payment` mode.", "subscription_data");
  const lineItems = p.line_items.map((item, i): LineItem => {
    const param = `line_items[${i}]`;
    // There are no Prices in this account, as there would be none in a fresh Stripe test account.
    if (item.price !== undefined) throw noSuch("price", item.price, `${param}[price]`);
    if (!item.price_data)
      throw invalidRequest(`You must specify either \`price\` or \`price_data\` in ${param}.`, param, "parameter_missing");
    const { currency, unit_amount, product_data, tax_behavior } = item.price_data;
    const taxBehavior = tax_behavior ?? "unspecified";
    // As on an account with no default tax behaviour in its Tax settings (a fresh one): Stripe must be told.
    if (p.automatic_tax?.enabled && taxBehavior === "unspecified") {
      throw invalidRequest(
        "Automatic tax needs a tax behavior: set `tax_behavior` on the price, or a default tax behavior in the Tax settings.",
        `${param}[price_data][tax_behavior]`,
      );
    }
    const line = { name: product_data.name, currency, unitAmount: unit_amount, quantity: item.quantity };
    return { ...line, taxBehavior, taxCode: product_data.tax_code ?? null, recurring: recurrence(item.price_data.recurring, mode, param) };
  });
  if (mode === "subscription" && !lineItems.some((item) => item.recurring)) {
    throw invalidRequest("You must provide at least one recurring price in `subscription` mode when using prices.", "line_items");
  }
  if (new Set(lineItems.map((item) => item.currency)).size > 1)
    throw invalidRequest("All line items must have the same currency.", "line_items");
  const now = unixNow();
  if (p.expires_at !== undefined && p.expires_at < now + 30 * 60) {
    throw invalidRequest("The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.", "expires_at");
  }
  if (p.expires_at !== undefined && p.expires_at > now + 24 * 3600) {
    throw invalidRequest("The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.", "expires_at");
  }
  return () => {
    const session = ledger.createSession(
      {
        mode,
        lineItems,
        subscriptionMetadata: p.subscription_data?.metadata ?? {},
        successUrl: p.success_url,
        cancelUrl: p.cancel_url ?? null,
        customerEmail: p.customer_email ?? null,
        locale: p.locale ?? null,
        clientReferenceId: p.client_reference_id ?? null,
        metadata: p.metadata ?? {},
        expiresAt: p.expires_at ?? null,
        paymentMethodTypes: p.payment_method_types ?? null,
        automaticTax: p.automatic_tax?.enabled ?? false,
        billingAddressCollection: p.billing_address_collection ?? null,
      },
      p.payment_intent_data?.metadata ?? {},
    );
    return ledger.expand(session, p.expand ?? []);
  };
}

/** A line's `recurring`: refused in payment mode, and past a year, as on Stripe. */
function recurrence(
  recurring: { interval: "day" | "week" | "month" | "year"; interval_count?: number } | undefined,
  mode: "payment" | "subscription",
  param: string,
): LineItem["recurring"] {
  if (!recurring) return null;
  if (mode === "payment") {
    throw invalidRequest(
      "You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.",
      param,
    );
  }
  const intervalCount = recurring.interval_count ?? 1;
  if (intervalCount > { day: 365, week: 52, month: 12, year: 1 }[recurring.interval]) {
    throw invalidRequest(
      "Invalid recurring interval: the maximum billing interval is one year (1 year, 12 months, 52 weeks or 365 days).",
      `${param}[price_data][recurring][interval_count]`,
    );
  }
  return { interval: recurring.interval, intervalCount };
}

const refundParams = {
  payment_intent: string(),
  charge: string(),
  amount: integer({ min: 1 }),
  reason: oneOf(["duplicate", "fraudulent", "requested_by_customer"] satisfies Stripe.RefundCreateParams.Reason[]),
  metadata: metadata(),
  expand,
};

function found<T>(value: T | undefined, kind: string, id: string): T {
  if (value === undefined) throw noSuch(kind, id);
  return value;
}

const idPattern = "([A-Za-z0-9_]+)";

export function routes(ledger: Ledger, webhooks: WebhookSender): Route[] {
  const billing = billingRoutes(ledger);
  const event = (id: string) => found(webhooks.events.find((recorded) => recorded.event.id === id)?.event, "event", id);
  return [
    { method: "POST", pattern: /^\/v1\/checkout\/sessions$/, prepare: (context) => createSession(ledger, context) },
    { method: "GET", pattern: new RegExp(`^/v1/checkout/sessions/${idPattern}$`), prepare: retrieve(ledger, (id) => ledger.session(id)) },
    {
      method: "POST",
      pattern: new RegExp(`^/v1/checkout/sessions/${idPattern}/expire$`),
      prepare({ params, id, request }) {
        const p = parseParams({ expand }, params);
        return async () => ledger.expand(await ledger.expire(id, request), p.expand ?? []);
      },
    },
    {
      method: "GET",
      pattern: new RegExp(`^/v1/payment_intents/${idPattern}$`),
      prepare: retrieve(ledger, (id) => ledger.paymentIntent(id)),
    },
    { method: "GET", pattern: new RegExp(`^/v1/charges/${idPattern}$`), prepare: retrieve(ledger, (id) => ledger.charge(id)) },
    { method: "GET", pattern: new RegExp(`^/v1/disputes/${idPattern}$`), prepare: retrieve(ledger, (id) => ledger.dispute(id)) },
    { method: "GET", pattern: new RegExp(`^/v1/events/${idPattern}$`), prepare: retrieve(ledger, event) },
    {
      method: "POST",
      pattern: /^\/v1\/refunds$/,
      prepare({ params, request }) {
        const p = parseParams(refundParams, params);
        const input = { paymentIntent: p.payment_intent, charge: p.charge, amount: p.amount, reason: p.reason, metadata: p.metadata };
        return async () => ledger.expand(await ledger.refund(input, request), p.expand ?? []);
      },
    },
    {
      method: "GET",
      pattern: new RegExp(`^/v1/refunds/${idPattern}$`),
      prepare: retrieve(ledger, (id) => found(ledger.refunds.get(id), "refund", id)),
    },
    ...billing,
  ];
}
