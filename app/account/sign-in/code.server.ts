import { data, type RouterContextProvider } from "react-router";
import type { Language } from "../../../common/languages";
import { checkSignInCode, normalizeCode } from "../../../server/db/customer-sign-ins.ts";
import { logger } from "../../../server/logger.ts";
import { privateNoStore } from "../../cache-control";
import { clientAddress } from "../../rate-limit.server";
import { servicesOf } from "../../services.server";
import { type EmailProblem, readEmail } from "./email";
import { accountLimits } from "./limits.server";
import { startSessionAndGoHome } from "./session-start.server";

/** What the code form answers, with the address typed so nothing is lost (it travels in the form, never a URL). */
export type CodeAnswer =
  | { state: "invalid"; email: string; emailProblem?: EmailProblem; codeProblem?: "required" | "format" }
  | { state: "wrong"; email: string; triesLeft: number }
  /** Five wrong codes: this code no longer works (the mail's link does). */
  | { state: "void"; email: string }
  /** The address's wrong codes of the day are used up: codes are refused, links still work. */
  | { state: "locked"; email: string }
  /** Too many codes typed from this client in the hour. */
  | { state: "rateLimited"; email: string }
  /** No sign-in waiting for a code: expired, used, replaced by a newer mail (or never mailed). */
  | { state: "over"; email: string }
  | { state: "unavailable"; email: string };

const answer = (value: CodeAnswer, status = 200) => data<CodeAnswer>(value, { status, headers: privateNoStore });

/** The code of a sign-in mail, typed with the address it was sent to: a session, or why not. */
export async function signInWithCode(
  context: Readonly<RouterContextProvider>,
  request: Request,
  form: Record<string, FormDataEntryValue>,
  language: Language,
  now: Date = new Date(),
) {
  const read = readEmail(form.email);
  const typedCode = typeof form.code === "string" ? form.code : "";
  const code = normalizeCode(typedCode);
  if ("problem" in read || !code) {
    const codeProblem = code ? undefined : typedCode.trim() === "" ? "required" : "format";
    const email = "problem" in read ? read.typed : read.email;
    return answer({ state: "invalid", email, emailProblem: "problem" in read ? read.problem : undefined, codeProblem }, 400);
  }
  try {
    const { db } = await servicesOf(context);
    // Counted per client before the code is looked at: one client guessing across many addresses is stopped too.
    if (!(await accountLimits.codeFrom(db, clientAddress(request), now))) return answer({ state: "rateLimited", email: read.email }, 429);
    const check = await checkSignInCode(db, { email: read.email }, code, now);
    if (check.result === "signed-in")
      return startSessionAndGoHome(db, request, { email: check.signIn.email, timeZone: form.timeZone }, language);
    if (check.result === "wrong") return answer({ state: "wrong", email: read.email, triesLeft: check.triesLeft }, 400);
    return answer({ state: check.result, email: read.email }, check.result === "locked" ? 429 : 400);
  } catch (error) {
    logger.error({ reason: (error as Error).message }, "A sign-in code could not be checked");
    return answer({ state: "unavailable", email: read.email }, 503);
  }
}
