import type { FormValues } from "../../../common/read-form.ts";
import { recordOperatorAction } from "../../../server/admin/operator-action.ts";
import type { Order } from "../../../server/db/schema.ts";
import { settleOrder } from "../../checkout/settle-order.server";
import { type ActionResult, failed, succeeded } from "./action-result";
import type { ConsoleOperator, ConsoleServices } from "./console-services.server";

/**
 * Asks the processor about a pending order, through the same path as reconciliation and the return page, so
 * whatever it answers is recorded once (and the confirmation mail queued once) whoever asked first.
 */
export async function settleFromConsole(
  services: ConsoleServices,
  operator: ConsoleOperator,
  order: Order,
  _form: FormValues,
  address: string,
  now: Date = new Date(),
): Promise<ActionResult> {
  if (order.status !== "pending") return failed("settle", "orders.settle.notPending");
  let settled: Order;
  try {
    settled = await settleOrder(services, order);
  } catch (error) {
    const details = { outcome: "unreachable", error: (error instanceof Error ? error.message : String(error)).slice(0, 300) };
    await recordOperatorAction(services.db, operator, order, { name: "settle", event: "settle-requested", details }, address, now);
    return failed("settle", "orders.settle.unreachable");
  }
  await recordOperatorAction(
    services.db,
    operator,
    order,
    { name: "settle", event: "settle-requested", details: { outcome: settled.status } },
    address,
    now,
  );
  if (settled.status === "paid") return succeeded("settle", "orders.settle.paid");
  if (settled.status === "failed") return succeeded("settle", "orders.settle.failed");
  return succeeded("settle", "orders.settle.pending");
}
