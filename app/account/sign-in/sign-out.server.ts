import { data, type RouterContextProvider } from "react-router";
import { endCustomerSession, endCustomerSessionsOf } from "../../../server/db/customer-sessions.ts";
import { logger } from "../../../server/logger.ts";
import { privateNoStore } from "../../cache-control";
import { servicesOf } from "../../services.server";
import { clearedSessionCookies, currentSession, withCookies } from "../session.server";

/** `/account/sign-out`: the two buttons (GET, signed in), or what was just done. */
export type SignOutState = { state: "ask" | "not-signed-in" | "signed-out" | "signed-out-everywhere" } | { state: "unavailable" };

export async function loadSignOut(context: Readonly<RouterContextProvider>, request: Request) {
  try {
    const { db } = await servicesOf(context);
    const session = await currentSession(db, request);
    return data<SignOutState>({ state: session ? "ask" : "not-signed-in" }, { headers: privateNoStore });
  } catch (error) {
    logger.error({ reason: (error as Error).message }, "The sign-out page could not be loaded");
    return data<SignOutState>({ state: "unavailable" }, { status: 503, headers: privateNoStore });
  }
}

/**
 * Ends this session (`intent=sign-out`) or every session of the address (`intent=sign-out-everywhere`), and
 * clears the cookie on every account path. Posted only: a link or a prefetch signs no one out.
 */
export async function signOut(context: Readonly<RouterContextProvider>, request: Request, form: Record<string, FormDataEntryValue>) {
  const everywhere = form.intent === "sign-out-everywhere";
  try {
    const { db } = await servicesOf(context);
    const session = await currentSession(db, request);
    if (session && everywhere) await endCustomerSessionsOf(db, session.email);
    else if (session) await endCustomerSession(db, session.id);
    const state = everywhere ? "signed-out-everywhere" : "signed-out";
    return data<SignOutState>({ state }, { headers: withCookies(clearedSessionCookies(request), privateNoStore) });
  } catch (error) {
    logger.error({ reason: (error as Error).message }, "A sign-out could not be recorded");
    return data<SignOutState>({ state: "unavailable" }, { status: 503, headers: privateNoStore });
  }
}
