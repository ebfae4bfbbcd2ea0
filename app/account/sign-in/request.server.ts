import { data, type RouterContextProvider } from "react-router";
import type { Language } from "../../../common/languages";
import { logger } from "../../../server/logger.ts";
import { privateNoStore } from "../../cache-control";
import { clientAddress } from "../../rate-limit.server";
import { servicesOf } from "../../services.server";
import { type EmailProblem, readEmail } from "./email";
import { startSignIn } from "./start.server";

/**
 * The answer to "mail me a sign-in". `mailed` is the same for every address, customer or not, over its
 * limit or not: only the address typed differs (it is shown back, and carried to the code form).
 */
export type SignInAnswer =
  | { state: "mailed"; email: string }
  | { state: "invalid"; email: string; problem: EmailProblem }
  /** The two refusals keep what was typed, so the form shows it again. */
  | { state: "rateLimited"; email: string }
  | { state: "unavailable"; email: string };

export async function requestSignIn(
  context: Readonly<RouterContextProvider>,
  request: Request,
  form: Record<string, FormDataEntryValue>,
  language: Language,
) {
  const read = readEmail(form.email);
  if ("problem" in read) {
    return data<SignInAnswer>({ state: "invalid", email: read.typed, problem: read.problem }, { status: 400, headers: privateNoStore });
  }
  try {
    const services = await servicesOf(context);
    const result = await startSignIn(services.db, { email: read.email, language, clientAddress: clientAddress(request) });
    if (result === "client-limited")
      return data<SignInAnswer>({ state: "rateLimited", email: read.email }, { status: 429, headers: privateNoStore });
    // The runner is not woken: the job would then run beside this answer on the same thread, and a customer's
    // (rendering and storing a mail) made it measurably slower. Its next round, within a second, runs it.
    return data<SignInAnswer>({ state: "mailed", email: read.email }, { headers: privateNoStore });
  } catch (error) {
    logger.error({ reason: (error as Error).message }, "A sign-in could not be recorded");
    return data<SignInAnswer>({ state: "unavailable", email: read.email }, { status: 503, headers: privateNoStore });
  }
}
