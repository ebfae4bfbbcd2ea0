import { data, type RouterContextProvider, redirect, redirectDocument } from "react-router";
import { type Language, localizePath } from "../../../common/languages";
import { isFreshSession } from "../../../server/db/customer-sessions.ts";
import { normalizeCode } from "../../../server/db/customer-sign-ins.ts";
import { logger } from "../../../server/logger.ts";
import { encryptionKey } from "../../access/secrets.server";
import { privateNoStore } from "../../cache-control";
import { servicesOf } from "../../services.server";
import { currentSession } from "../session.server";
import { confirmWithCode, sendStepUpCode, stepUpNext } from "./step-up.server";

/** What `/account/verify` shows: the button that mails a code, the code form, or why a code no longer works. */
export type VerifyState =
  | {
      state: "ask" | "sent" | "void" | "over" | "limited" | "locked";
      email: string;
      next: string;
      codeProblem?: "required" | "format";
      triesLeft?: number;
    }
  | { state: "unavailable" };

const answer = (value: VerifyState, status = 200) => data<VerifyState>(value, { status, headers: privateNoStore });

/**
 * On to what asked for the code, as a document load: it may be a file (the data export), which the router
 * would otherwise fetch as a page's data instead of letting the browser save it.
 */
const goOn = (next: string) => redirectDocument(next, { status: 303, headers: privateNoStore });

/** A signed-in, not fresh session, or the redirect that replaces the page (to sign in, or on to `next`). */
async function sessionOrRedirect(context: Readonly<RouterContextProvider>, request: Request, language: Language, next: string) {
  const { db } = await servicesOf(context);
  const session = await currentSession(db, request);
  if (!session) return { redirect: redirect(localizePath("/account", language), { headers: privateNoStore }) };
  if (isFreshSession(session)) return { redirect: goOn(next) };
  return { db, session };
}

function failed(error: unknown) {
  logger.error({ reason: (error as Error).message }, "The account's confirmation code could not be handled");
  return answer({ state: "unavailable" }, 503);
}

export async function loadVerify(context: Readonly<RouterContextProvider>, request: Request, language: Language) {
  const next = stepUpNext(new URL(request.url).searchParams.get("next"), language);
  try {
    const found = await sessionOrRedirect(context, request, language, next);
    if ("redirect" in found) return found.redirect;
    return answer({ state: "ask", email: found.session.email, next });
  } catch (error) {
    return failed(error);
  }
}

export async function verifyAction(
  context: Readonly<RouterContextProvider>,
  request: Request,
  form: Record<string, FormDataEntryValue>,
  language: Language,
) {
  const next = stepUpNext(form.next ?? new URL(request.url).searchParams.get("next"), language);
  try {
    const found = await sessionOrRedirect(context, request, language, next);
    if ("redirect" in found) return found.redirect;
    const { db, session } = found;
    const base = { email: session.email, next };
    if (form.intent === "send") {
      const sent = await sendStepUpCode(db, session, language, encryptionKey());
      if (sent === "sent") (await servicesOf(context)).wakeMail();
      return answer({ ...base, state: sent }, sent === "sent" ? 200 : 429);
    }
    const typed = typeof form.code === "string" ? form.code : "";
    const code = normalizeCode(typed);
    if (!code) return answer({ ...base, state: "sent", codeProblem: typed.trim() === "" ? "required" : "format" }, 400);
    const check = await confirmWithCode(db, session, code);
    if (check.result === "signed-in") return goOn(next);
    if (check.result === "wrong") return answer({ ...base, state: "sent", triesLeft: check.triesLeft }, 400);
    return answer({ ...base, state: check.result }, check.result === "locked" ? 429 : 400);
  } catch (error) {
    return failed(error);
  }
}
