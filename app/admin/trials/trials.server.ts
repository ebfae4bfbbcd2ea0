/**
 * The console's free trials: the list (those waiting for their line first), one trial's page, and delivering
 * it by hand with the order page's form and rules (every configured field, sealed, audited).
 */

import { type FormValues, formText } from "../../../common/read-form.ts";
import type { Database } from "../../../server/db/database.ts";
import type { Trial } from "../../../server/db/schema.ts";
import { findTrialByReference, listTrials, trialListStates } from "../../../server/db/trials.ts";
import { deliverTrial } from "../../access/deliver-trial.server";
import { parseAccessForm } from "../../access/details-form";
import { oneOf, pageLinks, positionFrom } from "../list/list-query";
import { type ActionResult, failed, succeeded } from "../orders/action-result";
import type { ConsoleOperator, ConsoleServices } from "../orders/console-services.server";

export const trialsPageSize = 50;

/** `?state=` (waiting for delivery by default: what the operator has to do) and the page. */
export async function loadTrialList(db: Database, url: URL) {
  const state = oneOf(url.searchParams.get("state"), trialListStates, "confirmed");
  const list = await listTrials(db, { state, position: positionFrom(url.searchParams), pageSize: trialsPageSize });
  return { state, links: pageLinks(list), trials: list.rows.map(trialRow) };
}

/** What the list and the page show of a trial: no code hash, no client address. */
export function trialRow(trial: Trial) {
  const { code_hash: _hash, client_address: _address, wrong_codes: _wrong, ...shown } = trial;
  return shown;
}

export async function loadTrialPage(services: ConsoleServices, reference: string | undefined) {
  const trial = reference ? await findTrialByReference(services.consoleDb, reference) : undefined;
  if (!trial || trial.status === "requested") return undefined;
  return { trial: trialRow(trial), canSeal: services.accessKey !== null };
}

/** The delivery form's post: the details checked as an order's are, then the trial delivered once. */
export async function deliverTrialByHand(
  services: ConsoleServices,
  operator: ConsoleOperator,
  trial: Trial,
  form: FormValues,
  address: string,
  now: Date = new Date(),
): Promise<ActionResult> {
  if (formText(form, "intent") !== "deliver") return { intent: "unknown", ok: false };
  const checked = parseAccessForm(form);
  const refuse = (key: Parameters<typeof failed>[1]) => ({ ...failed("deliver", key), values: checked.values });
  if (trial.status === "delivered" || trial.status === "expired") return refuse("trials.deliver.already");
  if (trial.status !== "confirmed") return refuse("trials.deliver.notConfirmed");
  if (!services.accessKey) return refuse("orders.deliver.noKey");
  if (!checked.ok) return { ...refuse("orders.deliver.invalid"), errors: checked.errors };
  const delivered = await deliverTrial(services, trial, checked.details, { operator, address }, now);
  if (!delivered) return refuse("trials.deliver.already");
  return succeeded("deliver", "trials.deliver.done", { email: trial.email });
}
