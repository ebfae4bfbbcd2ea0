/**
 * `/account/stop-renewing/:id`: the confirmation step of "Stop renewing" (a page, so it works without
 * JavaScript), and the POST that stops it. The access runs to the end already paid for. Never cached.
 */
import { data, type RouterContextProvider, redirect } from "react-router";
import { type Language, localizePath } from "../../../common/languages";
import { logger } from "../../../server/logger.ts";
import { privateNoStore } from "../../cache-control";
import { servicesOf } from "../../services.server";
import { stopSubscription } from "../../subscriptions/stop.server";
import { currentSession } from "../session.server";
import { isLive, ownSubscription, type SubscriptionView, subscriptionView } from "./own.server";

export type StopPageState =
  | { state: "ask" | "done" | "already"; subscription: SubscriptionView }
  | { state: "not-found" }
  | { state: "unavailable" };

const answer = (body: StopPageState, status = 200) => data(body, { status, headers: privateNoStore });
const toSignIn = (language: Language) => redirect(localizePath("/account", language), { status: 303, headers: privateNoStore });

export async function loadStopPage(context: Readonly<RouterContextProvider>, request: Request, id: string | undefined, language: Language) {
  try {
    const { db } = await servicesOf(context);
    const session = await currentSession(db, request);
    if (!session) return toSignIn(language);
    const owned = await ownSubscription(db, session, id);
    if (!owned) return answer({ state: "not-found" }, 404);
    const view = subscriptionView(owned, language, session.time_zone);
    return answer({ state: isLive(owned.subscription) ? "ask" : "already", subscription: view });
  } catch (error) {
    logger.error({ reason: (error as Error).message }, "The stop-renewing page could not be loaded");
    return answer({ state: "unavailable" }, 503);
  }
}

/** Stops it for the owner only; a second press (or a stopped one) just says it renews no more. */
export async function stopPageAction(
  context: Readonly<RouterContextProvider>,
  request: Request,
  id: string | undefined,
  language: Language,
  now: Date = new Date(),
) {
  try {
    const services = await servicesOf(context);
    const session = await currentSession(services.db, request);
    if (!session) return toSignIn(language);
    const owned = await ownSubscription(services.db, session, id);
    if (!owned) return answer({ state: "not-found" }, 404);
    const stopped = isLive(owned.subscription) ? await stopSubscription(services, owned.subscription, "customer", now) : undefined;
    const view = subscriptionView(owned, language, session.time_zone);
    return answer({ state: stopped ? "done" : "already", subscription: view });
  } catch (error) {
    logger.error({ reason: (error as Error).message }, "A customer's automatic renewal could not be stopped");
    return answer({ state: "unavailable" }, 503);
  }
}
