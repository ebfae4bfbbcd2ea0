/** The endpoints of Stripe Billing the shop uses: subscriptions, invoices, their tax rates, and customer-portal sessions. */
import type Stripe from "stripe";
import { noSuch } from "./errors.ts";
import type { Ledger } from "./ledger.ts";
import { boolean, metadata, object, oneOf, parseParams, required, string } from "./params.ts";
import { expand, type Route, retrieve, url } from "./route-kit.ts";

// biome-ignore format: a list of codes reads best packed
const portalLocales = ["auto", "bg", "cs", "da", "de", "el", "en", "en-AU", "en-CA", "en-GB", "en-IE", "en-IN", "en-NZ", "en-SG", "es", "es-419", "et", "fi", "fil", "fr", "fr-CA", "hr", "hu", "id", "it", "ja", "ko", "lt", "lv", "ms", "mt", "nb", "nl", "pl", "pt", "pt-BR", "ro", "ru", "sk", "sl", "sv", "th", "tr", "vi", "zh", "zh-HK", "zh-TW"] as const satisfies Stripe.BillingPortal.SessionCreateParams.Locale[];
// biome-ignore format: a list of codes reads best packed
const feedback = ["customer_service", "low_quality", "missing_features", "other", "switched_service", "too_complex", "too_expensive", "unused"] as const satisfies Stripe.SubscriptionUpdateParams.CancellationDetails.Feedback[];

const cancellationDetails = object({ comment: string({ max: 5000 }), feedback: oneOf(feedback) });

const updateParams = { cancel_at_period_end: boolean(), metadata: metadata(), cancellation_details: cancellationDetails, expand };
const cancelParams = { cancellation_details: cancellationDetails, invoice_now: boolean(), prorate: boolean(), expand };
const portalParams = {
  customer: required(string()),
  return_url: url,
  locale: oneOf(portalLocales),
  configuration: string(),
  expand,
};

const idPattern = "([A-Za-z0-9_]+)";
const at = (path: string) => new RegExp(`^/v1/${path}/${idPattern}$`);

export function billingRoutes(ledger: Ledger): Route[] {
  const { billing } = ledger;
  return [
    { method: "GET", pattern: at("subscriptions"), prepare: retrieve(ledger, (id) => billing.subscription(id)) },
    {
      method: "POST",
      pattern: at("subscriptions"),
      prepare({ params, id, request }) {
        const p = parseParams(updateParams, params);
        // Stripe's metadata update merges: a key sent empty is removed (the parser drops it, so it is read here).
        const sent = typeof params.metadata === "object" && !Array.isArray(params.metadata) ? params.metadata : {};
        const removed = Object.fromEntries(Object.keys(sent).flatMap((key) => (sent[key] === "" ? [[key, ""]] : [])));
        const changes = {
          cancelAtPeriodEnd: p.cancel_at_period_end,
          metadata: { ...p.metadata, ...removed },
          cancellationComment: p.cancellation_details?.comment,
        };
        return async () => ledger.expand(await billing.update(id, changes, request), p.expand ?? []);
      },
    },
    {
      method: "DELETE",
      pattern: at("subscriptions"),
      prepare({ params, id, request }) {
        const p = parseParams(cancelParams, params);
        return async () => ledger.expand(await billing.cancel(id, request), p.expand ?? []);
      },
    },
    { method: "GET", pattern: at("invoices"), prepare: retrieve(ledger, (id) => billing.invoice(id)) },
    {
      method: "GET",
      pattern: at("customers"),
      prepare: retrieve(ledger, (id) => billing.customers.get(id) ?? fail(noSuch("customer", id))),
    },
    {
      method: "GET",
      pattern: at("tax_rates"),
      prepare: retrieve(ledger, (id) => billing.taxRates.get(id) ?? fail(noSuch("tax_rate", id))),
    },
    {
      method: "POST",
      pattern: /^\/v1\/billing_portal\/sessions$/,
      prepare({ params }) {
        const p = parseParams(portalParams, params);
        // This account has only its default configuration (saved once in the Dashboard, which Stripe requires).
        if (p.configuration !== undefined) throw noSuch("billing_portal.configuration", p.configuration, "configuration");
        return () => ledger.expand(billing.portalSession(p.customer, p.return_url ?? null, p.locale ?? null), p.expand ?? []);
      },
    },
  ];
}

function fail(error: Error): never {
  throw error;
}
