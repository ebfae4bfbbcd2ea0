import type { FormValues } from "../../../common/read-form.ts";
import type { Order } from "../../../server/db/schema.ts";
import { fulfilOrder } from "../../access/deliver.server";
import { parseAccessForm } from "../../access/details-form";
import { type ActionResult, failed, succeeded } from "./action-result";
import type { ConsoleOperator, ConsoleServices } from "./console-services.server";

/** The console's delivery: the details typed by the operator, checked, then {@link fulfilOrder}. */
export async function deliverAccess(
  services: ConsoleServices,
  operator: ConsoleOperator,
  order: Order,
  form: FormValues,
  address: string,
  now: Date = new Date(),
): Promise<ActionResult> {
  const checked = parseAccessForm(form);
  const refuse = (key: Parameters<typeof failed>[1]) => ({ ...failed("deliver", key), values: checked.values });
  if (order.status === "fulfilled") return refuse("orders.deliver.already");
  if (order.status !== "paid") return refuse("orders.deliver.notPaid");
  if (!services.accessKey) return refuse("orders.deliver.noKey");
  if (!checked.ok) return { ...refuse("orders.deliver.invalid"), errors: checked.errors };

  const delivered = await fulfilOrder(services, order, checked.details, { operator, address }, now);
  if (!delivered) return refuse("orders.deliver.already");
  return succeeded("deliver", "orders.deliver.done", { email: order.email });
}
