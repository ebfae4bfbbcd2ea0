import type { FormValues } from "../../../common/read-form.ts";
import { findAccessById } from "../../../server/db/accesses.ts";
import type { Order } from "../../../server/db/schema.ts";
import { parseAccessForm } from "../../access/details-form";
import { extendByHand } from "../../access/extend.server";
import { type ActionResult, failed, succeeded } from "./action-result";
import type { ConsoleOperator, ConsoleServices } from "./console-services.server";

/**
 * "Extend" on a paid renewal, without a provisioning system: the operator extended the same line in their
 * panel. The form comes filled in with the access's current details, checked, then {@link extendByHand}.
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
  if (!services.accessKey) return refuse("orders.deliver.noKey");
  if (!checked.ok) return { ...refuse("orders.deliver.invalid"), errors: checked.errors };
  const access = await findAccessById(services.db, order.access_id);
  if (!access) return refuse("orders.extend.notRenewal");
  if (access.status === "revoked") return refuse("orders.extend.revoked");

  const done = await extendByHand(services, order, access, checked.details, { operator, address }, now);
  if (!done) return refuse("orders.extend.already");
  return succeeded("extend", "orders.extend.done", { end: access.ends_at });
}
