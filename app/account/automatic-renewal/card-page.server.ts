/**
 * `/account/card/:id`: another card for an automatic renewal. Stripe's subscriptions go to Stripe's hosted
 * page (a POST answered 303 there, coming back to the account); the test gateway's take the card on this page
 * (the checkout's card fields) and keep it with `replaceTestCard`. A bad card is said field by field and
 * loses nothing typed but the security code. Never cached.
 */
import { data, type RouterContextProvider, redirect } from "react-router";
import { detectCardBrand } from "../../../common/card";
import { type Language, localizePath } from "../../../common/languages";
import { logger } from "../../../server/logger.ts";
import { privateNoStore } from "../../cache-control";
import { type FieldErrors, validateCard } from "../../checkout/schema";
import { servicesOf } from "../../services.server";
import { cardUpdateUrl, replaceTestCard } from "../../subscriptions/card.server";
import { cardUpdateOf } from "../dashboard/renewal-line";
import { currentSession } from "../session.server";
import { isLive, ownSubscription, type SubscriptionView, subscriptionView } from "./own.server";

export type CardPageState =
  | {
      state: "form";
      subscription: SubscriptionView;
      errors?: FieldErrors;
      values?: { cardNumber?: string; expiryDate?: string };
      /** A new attempt starts with an empty security code. */
      attempt?: string;
    }
  | { state: "portal"; subscription: SubscriptionView; failed?: boolean }
  | { state: "saved"; subscription: SubscriptionView; retrying: boolean }
  | { state: "ended"; subscription: SubscriptionView }
  | { state: "not-found" }
  | { state: "unavailable" };

const answer = (body: CardPageState, status = 200) => data(body, { status, headers: privateNoStore });
const toSignIn = (language: Language) => redirect(localizePath("/account", language), { status: 303, headers: privateNoStore });

async function owned(context: Readonly<RouterContextProvider>, request: Request, id: string | undefined) {
  const services = await servicesOf(context);
  const session = await currentSession(services.db, request);
  if (!session) return { services, session };
  return { services, session, found: await ownSubscription(services.db, session, id) };
}

export async function loadCardPage(context: Readonly<RouterContextProvider>, request: Request, id: string | undefined, language: Language) {
  try {
    const { session, found } = await owned(context, request, id);
    if (!session) return toSignIn(language);
    if (!found || cardUpdateOf(found.subscription) === null) return answer({ state: "not-found" }, 404);
    const subscription = subscriptionView(found, language, session.time_zone);
    if (!isLive(found.subscription)) return answer({ state: "ended", subscription });
    return answer({ state: cardUpdateOf(found.subscription) === "portal" ? "portal" : "form", subscription });
  } catch (error) {
    logger.error({ reason: (error as Error).message }, "The account's card page could not be loaded");
    return answer({ state: "unavailable" }, 503);
  }
}

export async function cardPageAction(
  context: Readonly<RouterContextProvider>,
  request: Request,
  id: string | undefined,
  form: Record<string, FormDataEntryValue>,
  language: Language,
) {
  try {
    const { services, session, found } = await owned(context, request, id);
    if (!session) return toSignIn(language);
    const how = found ? cardUpdateOf(found.subscription) : null;
    if (!found || how === null) return answer({ state: "not-found" }, 404);
    const subscription = subscriptionView(found, language, session.time_zone);
    if (!isLive(found.subscription)) return answer({ state: "ended", subscription });
    if (how === "portal") {
      const back = new URL(localizePath("/account", language), request.url).href;
      try {
        return redirect(await cardUpdateUrl(services, found.subscription, back, language), { status: 303, headers: privateNoStore });
      } catch (error) {
        logger.error({ reason: (error as Error).message }, "The processor's card page could not be opened");
        return answer({ state: "portal", subscription, failed: true }, 503);
      }
    }
    const checked = validateCard(form);
    if (!checked.ok) {
      const values = { cardNumber: text(form.cardNumber), expiryDate: text(form.expiryDate) };
      return answer({ state: "form", subscription, errors: checked.errors, values, attempt: crypto.randomUUID() }, 400);
    }
    const { cardNumber, expiryDate, cvv } = checked.card;
    const brand = detectCardBrand(cardNumber);
    if (!brand) return answer({ state: "form", subscription, errors: { cardNumber: "cardNumber" }, attempt: crypto.randomUUID() }, 400);
    const updated = await replaceTestCard(services, found.subscription, { number: cardNumber, expiry: expiryDate, cvv, brand });
    const card = updated.card_brand && updated.card_last4 ? { brand: updated.card_brand, last4: updated.card_last4 } : subscription.card;
    const saved = subscriptionView({ subscription: updated, access: found.access }, language, session.time_zone);
    return answer({ state: "saved", subscription: { ...saved, card: saved.card ?? card }, retrying: updated.status === "failing" });
  } catch (error) {
    logger.error({ reason: (error as Error).message }, "A customer's card for automatic renewal could not be kept");
    return answer({ state: "unavailable" }, 503);
  }
}

const text = (value: unknown) => (typeof value === "string" ? value.slice(0, 30) : undefined);
