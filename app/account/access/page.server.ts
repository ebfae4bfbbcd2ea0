/**
 * `/account/access/:reference`, on the server: the access of the signed-in owner (a 404 for anyone else's,
 * the same as for a reference that does not exist), "Show my access details" and "Send them to me again".
 * Every answer is `private, no-store`: the details must never be kept by any cache, the browser's included.
 */
import { data, type RouterContextProvider, redirect } from "react-router";
import { type Language, localizePath } from "../../../common/languages";
import { site } from "../../../content/site";
import { latestSubscriptionOfAccess } from "../../../server/db/admin-subscriptions.ts";
import type { Access } from "../../../server/db/schema.ts";
import { logger } from "../../../server/logger.ts";
import { encryptionKey } from "../../access/secrets.server";
import { privateNoStore } from "../../cache-control";
import { clientAddress } from "../../rate-limit.server";
import { servicesOf } from "../../services.server";
import { accessState } from "../dashboard/access-state";
import { accountFormat } from "../dashboard/format";
import { renewalLine } from "../dashboard/renewal-line";
import { currentSession } from "../session.server";
import { askForFreshCode } from "../sign-in/step-up.server";
import { ownAccess } from "./find.server";
import { type ResendOutcome, resendAccessMail } from "./resend.server";
import { type RevealOutcome, revealAccess } from "./reveal.server";

export function accessView(access: Access, language: Language, timeZone: string | null = null, now: Date = new Date()) {
  const format = accountFormat(language, timeZone);
  return {
    reference: access.reference,
    plan: site.plans.find((plan) => plan.key === access.plan_key)?.name ?? access.plan_key,
    viewers: access.viewers,
    state: accessState(access, now),
    endsAt: format.dateTime(access.ends_at),
    email: access.email,
  };
}

export type AccessView = ReturnType<typeof accessView>;

const answer = <T>(body: T, status = 200) => data(body, { status, headers: privateNoStore });
const notFound = () => answer({ state: "not-found" as const }, 404);
const unavailable = () => answer({ state: "unavailable" as const }, 503);

/** Signed out: to the sign-in page, which brings nobody back here by itself. */
const toSignIn = (language: Language) => redirect(localizePath("/account", language), { status: 303, headers: privateNoStore });

export async function loadAccessPage(context: Readonly<RouterContextProvider>, request: Request, reference: string, language: Language) {
  try {
    const { db } = await servicesOf(context);
    const session = await currentSession(db, request);
    if (!session) return toSignIn(language);
    const access = await ownAccess(db, session, reference);
    if (!access) return notFound();
    // Its automatic renewal, said as the dashboard says it, with the same buttons.
    const subscription = await latestSubscriptionOfAccess(db, access.id);
    const renewal = renewalLine(subscription, access, accountFormat(language, session.time_zone), language);
    return answer({ state: "found" as const, access: accessView(access, language, session.time_zone), renewal });
  } catch (error) {
    logger.error({ reason: (error as Error).message }, "An account's access page could not be loaded");
    return unavailable();
  }
}

export type AccessAnswer =
  | { intent: "reveal"; result: Exclude<RevealOutcome, { outcome: "stale" }> }
  | { intent: "resend"; result: ResendOutcome };

export async function accessPageAction(
  context: Readonly<RouterContextProvider>,
  request: Request,
  reference: string,
  form: Record<string, FormDataEntryValue>,
  language: Language,
) {
  try {
    const services = await servicesOf(context);
    const session = await currentSession(services.db, request);
    if (!session) return toSignIn(language);
    const access = await ownAccess(services.db, session, reference);
    if (!access) return notFound();
    const key = encryptionKey();
    if (form.intent === "reveal") {
      const result = await revealAccess(services.db, { session, access, address: clientAddress(request), key });
      if (result.outcome === "stale") {
        const back = localizePath(`/account/access/${encodeURIComponent(access.reference)}`, language);
        return askForFreshCode(back, language);
      }
      return answer({ intent: "reveal", result } satisfies AccessAnswer);
    }
    if (form.intent === "resend") {
      return answer({ intent: "resend", result: await resendAccessMail(services, { access, key }) } satisfies AccessAnswer);
    }
    return answer({ state: "unknown" as const }, 400);
  } catch (error) {
    logger.error({ reason: (error as Error).message }, "An account's access action could not be done");
    return unavailable();
  }
}
