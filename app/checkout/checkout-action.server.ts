import { randomUUID } from "node:crypto";
import { data, redirectDocument } from "react-router";
import { languageFromPath, requestPathname } from "../../common/languages";
import { readForm } from "../../common/read-form.ts";
import { site } from "../../content/site";
import { logger } from "../../server/logger.ts";
import { privateNoStore } from "../cache-control";
import { clientAddress, clientCountry, formLimits } from "../rate-limit.server";
import type { Services } from "../services.server";
import { countryName } from "./countries";
import { type OrderOutcome, type PlaceOrderContext, placeCardOrder, placeHostedOrder } from "./place-order.server";
import { claimRenewal } from "./renew.server";
import { accessRenewsAutomatically } from "./renewal-offer.server";
import {
  checkoutFields,
  type FieldErrors,
  type FormValues,
  idempotencyKeyPattern,
  validateCheckout,
  validateHostedCheckout,
} from "./schema";

/** What the form gets back after a failed attempt: everything typed except the security code. */
export function keptValues(form: Record<string, unknown>): FormValues {
  const values: FormValues = {};
  for (const field of [...checkoutFields, "plan", "viewers"] as const) {
    if (field !== "cvv" && typeof form[field] === "string") values[field] = (form[field] as string).slice(0, 300);
  }
  // An unticked box is sent as nothing: said "off", so the form does not fall back to the default.
  values.renewAutomatically = form.renewAutomatically === "on" ? "on" : "off";
  return values;
}

/**
 * The checkout's POST: limits, validation, then the order, charged here (the test gateway) or on the
 * processor's page (Stripe Checkout, a 303 there). Every refusal keeps what was typed, except the CVV.
 * `openServices` is the route's `servicesOf`: a database that cannot be reached is answered 503.
 */
export async function checkoutAction(request: Request, openServices: () => Promise<Services>) {
  const language = languageFromPath(requestPathname(request));
  // Null when the body is not a form at all (JSON, plain text, a broken multipart body): answered as invalid.
  const form = (await readForm(request)) ?? {};
  const values = keptValues(form);
  const retry: { values: FormValues; countryName?: string; idempotencyKey: string; errors: FieldErrors; renewToken?: string } = {
    values,
    countryName: countryName(values.country, language),
    idempotencyKey: randomUUID(),
    errors: {},
  };
  // "Try again later" keeps the key that was sent: the order may have been recorded, even charged, before the
  // failure, and trying again with this key can then only find it, never pay a second time.
  const sentKey =
    typeof form.idempotencyKey === "string" && idempotencyKeyPattern.test(form.idempotencyKey) ? form.idempotencyKey : undefined;
  const unavailable = () =>
    data(
      { state: "unavailable" as const, ...retry, idempotencyKey: sentKey ?? retry.idempotencyKey },
      { status: 503, headers: privateNoStore },
    );

  let services: Services;
  try {
    services = await openServices();
    if (!(await formLimits.checkout.hit(services.db, clientAddress(request)))) {
      return data({ state: "rateLimited" as const, ...retry }, { status: 429, headers: privateNoStore });
    }
  } catch (error) {
    logger.error({ reason: (error as Error).message }, "Checkout could not reach the database");
    return unavailable();
  }

  // A renewal's token is checked again here (the page may have stayed open while the access was refunded):
  // only a token that still stands makes the order a renewal, never an access id from the form.
  let renewsAccessId: number | null = null;
  if (form.renew !== undefined && form.renew !== "") {
    const renewal = await claimRenewal(services.db, form.renew).catch(() => undefined);
    if (!renewal?.ok) return data({ state: "renewalRefused" as const, ...retry }, { status: 409, headers: privateNoStore });
    renewsAccessId = renewal.access.id;
    Object.assign(retry, { renewToken: form.renew });
  }
  if (form.renewAutomatically !== undefined && !(await automaticRenewalAllowed(services.db, renewsAccessId))) {
    delete form.renewAutomatically;
  }

  const origin = new URL(request.url).origin;
  const context = { language, address: clientAddress(request), ipCountry: clientCountry(request), origin, renewsAccessId };
  const checked = prepareOrder(form, services, context);
  if (!checked.ok) return data({ state: "invalid" as const, ...retry, errors: checked.errors }, { status: 400, headers: privateNoStore });

  let outcome: OrderOutcome;
  try {
    outcome = await checked.place();
  } catch (error) {
    logger.error({ reason: (error as Error).message }, "Checkout could not record or charge an order");
    return unavailable();
  }

  switch (outcome.status) {
    case "redirect":
      // A document load, not the router's: the page it leads to may be isolated (decision 0038), which only
      // a document load applies.
      return redirectDocument(outcome.location, { status: 303, headers: privateNoStore });
    case "paid":
      return data({ state: "paid" as const, ...outcome }, { headers: privateNoStore });
    case "pending":
      return data({ state: "pending" as const, ...outcome }, { status: 202, headers: privateNoStore });
    case "blocked":
      return data({ state: "blocked" as const, ...retry }, { status: 429, headers: privateNoStore });
    case "failed":
      return data({ state: "failed" as const, reason: outcome.reason, ...retry }, { status: 402, headers: privateNoStore });
  }
}

/**
 * Whether this checkout may start a subscription: only when the operator offers it, and never a second one
 * for an access that already renews (the page said so; a form posted anyway pays once).
 */
async function automaticRenewalAllowed(db: Services["db"], renewsAccessId: number | null): Promise<boolean> {
  if (!site.automaticRenewal.offered) return false;
  if (renewsAccessId === null) return true;
  return !(await accessRenewsAutomatically(db, renewsAccessId).catch(() => true));
}

/** The form checked by the rules of the gateway in use (no card fields when the card is given to the processor). */
function prepareOrder(form: Record<string, unknown>, { db, gateway, wakeMail }: Services, context: PlaceOrderContext) {
  if (gateway.kind === "hosted") {
    const checked = validateHostedCheckout(form);
    if (!checked.ok) return checked;
    return {
      ok: true as const,
      idempotencyKey: checked.order.idempotencyKey,
      place: () => placeHostedOrder(checked.order, { db, gateway }, context),
    };
  }
  const checked = validateCheckout(form);
  if (!checked.ok) return checked;
  return {
    ok: true as const,
    idempotencyKey: checked.order.idempotencyKey,
    place: () => placeCardOrder(checked.order, { db, gateway, wakeMail }, context),
  };
}
