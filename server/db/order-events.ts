/** An order's timeline: one row per thing that happened to it, never changed or deleted. */
import type { Database } from "./database.ts";
import type { OrderEvent } from "./schema.ts";

/** Who did it: the customer, the payment processor, the shop itself, or an operator (their e-mail). */
export type EventActor = "customer" | "processor" | "system" | (string & {});

export async function recordOrderEvent(
  db: Database,
  event: { orderId: number; type: string; actor: EventActor; details?: Record<string, unknown> },
  now: Date = new Date(),
): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto("order_events")
    .values({
      order_id: event.orderId,
      type: event.type,
      actor: event.actor,
      details: event.details ? JSON.stringify(event.details) : null,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

export async function listOrderEvents(db: Database, orderId: number): Promise<OrderEvent[]> {
  return db.selectFrom("order_events").selectAll().where("order_id", "=", orderId).orderBy("created_at").orderBy("id").execute();
}
