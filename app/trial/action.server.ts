/**
 * The free trial page's action, for its two forms: `request` (name, e-mail, country: the code is mailed) and
 * `confirm` (the code: the trial is confirmed, and the visitor lands on the confirmation page). Every answer
 * is private and never stored by a cache (it names the visitor); a database away answers 503 with what was typed.
 */
import { data, type RouterContextProvider, redirect } from "react-router";
import { type Language, localizePath } from "../../common/languages";
import { normalizeCode } from "../../server/db/customer-sign-ins.ts";
import { logger } from "../../server/logger.ts";
import { encryptionKey } from "../access/secrets.server";
import { privateNoStore } from "../cache-control";
import { clientAddress } from "../rate-limit.server";
import { servicesOf } from "../services.server";
import type { TrialAnswer } from "./answer";
import { confirmTrial } from "./confirm.server";
import { readTrialForm } from "./form";
import { requestTrial } from "./request.server";

const answer = (body: TrialAnswer, status = 200) => data<TrialAnswer>(body, { status, headers: privateNoStore });

export async function trialAction(
  context: Readonly<RouterContextProvider>,
  request: Request,
  form: Record<string, FormDataEntryValue>,
  language: Language,
) {
  const read = readTrialForm(form);
  const { values } = read;
  const confirming = form.intent === "confirm";
  if (!read.ok) return answer({ step: "details", values, errors: read.errors }, 400);
  try {
    const services = await servicesOf(context);
    const address = clientAddress(request);
    if (!confirming) {
      const outcome = await requestTrial(services.db, { values, language, clientAddress: address }, encryptionKey());
      if (outcome === "mailed") {
        services.wakeMail();
        return answer({ step: "code", values });
      }
      if (typeof outcome === "object") return answer({ step: "details", values, refused: outcome.refused }, 409);
      return answer({ step: "details", values, notice: "rateLimited" }, 429);
    }
    const typed = typeof form.code === "string" ? form.code : "";
    const code = normalizeCode(typed);
    if (!code) return answer({ step: "code", values, codeProblem: typed.trim() === "" ? "required" : "format" }, 400);
    const check = await confirmTrial(services.db, { email: values.email, code, clientAddress: address });
    if (check.result === "confirmed") return redirect(localizePath("/trial/confirmed", language), { headers: privateNoStore });
    if (check.result === "wrong") return answer({ step: "code", values, codeProblem: "wrong", triesLeft: check.triesLeft }, 400);
    if (check.result === "refused") return answer({ step: "details", values, refused: check.reason }, 409);
    return answer({ step: "details", values, notice: check.result }, 400);
  } catch (error) {
    logger.error({ reason: (error as Error).message }, "A free trial request could not be handled");
    return confirming
      ? answer({ step: "code", values, codeProblem: "unavailable" }, 503)
      : answer({ step: "details", values, notice: "unavailable" }, 503);
  }
}
