import type { FormValues } from "../../../common/read-form.ts";
import { recordOperatorAction } from "../../../server/admin/operator-action.ts";
import { open, seal } from "../../../server/admin/secret-box.ts";
import { findAccessById, markRenewalExtended, replaceAccessDetails } from "../../../server/db/accesses.ts";
import type { Order } from "../../../server/db/schema.ts";
import { parseAccessForm } from "../../access/details-form";
import { queueRenewalMail } from "../../access/renewal-mail.server";
import { type ActionResult, failed, succeeded } from "./action-result";
import type { ConsoleOperator, ConsoleServices } from "./console-services.server";

/** The details as sealed now, or undefined when they cannot be read (another key): then any typed ones replace them. */
function currentDetails(key: Buffer, sealed: string | null): string | undefined {
  if (!sealed) return undefined;
  try {
    return open(key, sealed);
  } catch {
    return undefined;
  }
}

/**
 * "Extend" on a paid renewal, without a provisioning system: the operator extended the same line in their
 * panel. The form comes filled in with the access's current details; they are stored again (sealed) only if
 * the operator changed them. The renewal becomes fulfilled and the customer is mailed the new end, in one
 * transaction; only a paid renewal moves, so two tabs extend once.
 */
export async function extendRenewal(
  services: ConsoleServices,
  operator: ConsoleOperator,
  order: Order,
  form: FormValues,
  address: string,
  now: Date = new Date(),
): Promise<ActionResult> {
  const checked = parseAccessForm(form);
  const refuse = (key: Parameters<typeof failed>[1]) => ({ ...failed("extend", key), values: checked.values });
  if (order.renews_access_id === null || order.access_id === null) return refuse("orders.extend.notRenewal");
  if (order.status === "fulfilled") return refuse("orders.extend.already");
  if (order.status !== "paid") return refuse("orders.extend.notRenewal");
  const key = services.accessKey;
  if (!key) return refuse("orders.deliver.noKey");
  if (!checked.ok) return { ...refuse("orders.deliver.invalid"), errors: checked.errors };
  const access = await findAccessById(services.db, order.access_id);
  if (!access) return refuse("orders.extend.notRenewal");
  if (access.status === "revoked") return refuse("orders.extend.revoked");

  const typed = JSON.stringify(checked.details);
  const changed = currentDetails(key, access.details) !== typed;
  const done = await services.db.transaction().execute(async (transaction) => {
    const extended = await markRenewalExtended(transaction, order.id, now);
    if (!extended) return false;
    if (changed) await replaceAccessDetails(transaction, access.id, seal(key, typed), now);
    await queueRenewalMail(transaction, "extended", extended, access, now);
    const details = { access: access.reference, endsAt: access.ends_at, detailsChanged: changed };
    await recordOperatorAction(transaction, operator, order, { name: "extend", event: "extended", details }, address, now);
    return true;
  });
  if (!done) return refuse("orders.extend.already");
  services.wakeMail();
  return succeeded("extend", "orders.extend.done", { end: access.ends_at });
}
