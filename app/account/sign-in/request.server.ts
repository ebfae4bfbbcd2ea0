import { data, type RouterContextProvider } from "react-router";
import type { Language } from "../../../common/languages";
import { logger } from "../../../server/logger.ts";
import { privateNoStore } from "../../cache-control";
import { clientAddress } from "../../rate-limit.server";
import { servicesOf } from "../../services.server";
import { type EmailProblem, readEmail } from "./email";
import { accountLimits } from "./limits.server";
import { startSignIn } from "./start.server";

/**
 * The answer to "mail me a sign-in". `mailed` and `mailLimited` are the same for every address, customer or
 * not: only the address typed differs (it is shown back, and carried to the code form).
 */
export type SignInAnswer =
  | { state: "mailed"; email: string }
  /** The address's mails of the hour are used up: none was sent, and a new one may be asked in `minutes`. */
  | { state: "mailLimited"; email: string; minutes: number }
  | { state: "invalid"; email: string; problem: EmailProblem }
  /** The two refusals keep what was typed, so the form shows it again. */
  | { state: "rateLimited"; email: string }
  | { state: "unavailable"; email: string };

export async function requestSignIn(
  context: Readonly<RouterContextProvider>,
  request: Request,
  form: Record<string, FormDataEntryValue>,
  language: Language,
  now: Date = new Date(),
) {
  const read = readEmail(form.email);
  if ("problem" in read) {
    return data<SignInAnswer>({ state: "invalid", email: read.typed, problem: read.problem }, { status: 400, headers: privateNoStore });
  }
  try {
    const services = await servicesOf(context);
    const result = await startSignIn(services.db, { email: read.email, language, clientAddress: clientAddress(request) }, now);
    if (result === "client-limited")
      return data<SignInAnswer>({ state: "rateLimited", email: read.email }, { status: 429, headers: privateNoStore });
    if (result === "mail-limited") {
      const minutes = accountLimits.minutesToNextMailWindow(now);
      return data<SignInAnswer>({ state: "mailLimited", email: read.email, minutes }, { status: 429, headers: privateNoStore });
    }
    // The runner is not woken: the job would then run beside this answer on the same thread, and a customer's
    // (rendering and storing a mail) made it measurably slower. Its next round, within a second, runs it.
    return data<SignInAnswer>({ state: "mailed", email: read.email }, { headers: privateNoStore });
  } catch (error) {
    logger.error({ reason: (error as Error).message }, "A sign-in could not be recorded");
    return data<SignInAnswer>({ state: "unavailable", email: read.email }, { status: 503, headers: privateNoStore });
  }
}
