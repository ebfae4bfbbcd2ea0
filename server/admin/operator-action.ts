import type { Database } from "../db/database.ts";
import { recordOrderEvent } from "../db/order-events.ts";
import type { Operator, Order } from "../db/schema.ts";
import { recordAudit } from "./audit.ts";

export type AuditedAction = "settle" | "deliver" | "extend" | "resend" | "refund";

/**
 * Writes what an operator did to an order twice, for two readers: the order's timeline (the story of one
 * order) and the audit log (who did what, from where). Details go to both, so they must never hold a secret.
 */
export async function recordOperatorAction(
  db: Database,
  operator: Pick<Operator, "id" | "email">,
  order: Pick<Order, "id" | "reference">,
  action: { name: AuditedAction; event: string; details?: Record<string, unknown> },
  address: string,
  now: Date = new Date(),
): Promise<void> {
  await recordOrderEvent(db, { orderId: order.id, type: action.event, actor: operator.email, details: action.details }, now);
  await recordAudit(
    db,
    {
      operatorId: operator.id,
      operatorEmail: operator.email,
      action: action.name,
      subject: order.reference,
      address,
      details: action.details,
    },
    now,
  );
}
