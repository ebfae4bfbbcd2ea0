import { data, type RouterContextProvider } from "react-router";
import type { Language } from "../../../common/languages";
import { liveSignInOfToken, spendSignInToken } from "../../../server/db/customer-sign-ins.ts";
import { logger } from "../../../server/logger.ts";
import { privateNoStore } from "../../cache-control";
import { servicesOf } from "../../services.server";
import { startSessionAndGoHome } from "./session-start.server";

/** `ready`: the button that signs in; `over`: expired, used, replaced or unknown (one answer for all four). */
export type LinkState = { state: "ready" } | { state: "over" } | { state: "unavailable" };

export const tokenOf = (request: Request) => (new URL(request.url).searchParams.get("token") ?? "").slice(0, 200);

const answer = (value: LinkState, status = 200) => data<LinkState>(value, { status, headers: privateNoStore });

/**
 * Opening the link only looks: mail scanners open every link in a mail, and a GET that signed in would
 * spend the link (or sign the scanner in). The button posts, and only the post uses it.
 */
export async function lookAtLink(context: Readonly<RouterContextProvider>, request: Request) {
  try {
    const { db } = await servicesOf(context);
    return answer((await liveSignInOfToken(db, tokenOf(request))) ? { state: "ready" } : { state: "over" });
  } catch (error) {
    logger.error({ reason: (error as Error).message }, "A sign-in link could not be read");
    return answer({ state: "unavailable" }, 503);
  }
}

export async function signInByLink(
  context: Readonly<RouterContextProvider>,
  request: Request,
  form: Record<string, FormDataEntryValue>,
  language: Language,
) {
  const token = tokenOf(request);
  try {
    const { db } = await servicesOf(context);
    const signIn = await spendSignInToken(db, token);
    if (!signIn) return answer({ state: "over" }, 410);
    return startSessionAndGoHome(db, request, { email: signIn.email, timeZone: form.timeZone }, language);
  } catch (error) {
    logger.error({ reason: (error as Error).message }, "A sign-in link could not be used");
    return answer({ state: "unavailable" }, 503);
  }
}
