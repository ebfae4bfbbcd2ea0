/**
 * A processor's event the shop does not believe: from a subscription or a payment it never recorded that names
 * one of its orders, one the processor contradicts when asked, or one of another sum than the shop charges.
 * Never applied; recorded once (a replay is a duplicate), in the audit log and on the timeline of the order it
 * names, where the console flags it (docs/decisions/0041-processor-events-checked-with-the-processor.md).
 */
import { recordAudit } from "../../server/admin/audit.ts";
import type { Database } from "../../server/db/database.ts";
import { recordOrderEvent } from "../../server/db/order-events.ts";
import { recordPaymentEvent } from "../../server/db/payments.ts";
import type { Order } from "../../server/db/schema.ts";
import { logger } from "../../server/logger.ts";
import type { NoticeDisagreement } from "../../server/payments/gateway.ts";
import { REFUSED_EVENT, type RefusalReason } from "./refused-event";

export interface Refusal {
  processor: string;
  eventId: string;
  type: string;
  reason: RefusalReason;
  /** The shop's order it names, or whose subscription or payment it is about. */
  order: Pick<Order, "id" | "reference"> | undefined;
  /** The processor's subscription or payment it is about. */
  object: string | null;
  /** What differs: what the event says, and what the processor answers or the shop charges. */
  difference?: Difference;
}

export interface Difference {
  field: string;
  event: string | number | null;
  expected: string | number | null;
}

/** The processor's answer as what was expected. */
export const asDifference = ({ field, event, processor }: NoticeDisagreement): Difference => ({ field, event, expected: processor });

/** The audit log's "from where": a processor's event comes from no one the operator could look up. */
const NO_ADDRESS = "-";

export async function refuseProcessorEvent(db: Database, refusal: Refusal, now: Date = new Date()): Promise<"refused" | "duplicate"> {
  const { processor, eventId, type, reason, order, object, difference } = refusal;
  const details = {
    processor,
    event: eventId,
    type,
    reason,
    ...(object && { object }),
    ...(difference && { field: difference.field, eventSays: difference.event, expected: difference.expected }),
  };
  const recorded = await db.transaction().execute(async (transaction) => {
    if (!(await recordPaymentEvent(transaction, { provider: processor, eventId, type, orderReference: null }, now))) return false;
    const subject = order?.reference ?? object;
    await recordAudit(
      transaction,
      { operatorId: null, operatorEmail: null, action: REFUSED_EVENT, subject, address: NO_ADDRESS, details },
      now,
    );
    if (order) await recordOrderEvent(transaction, { orderId: order.id, type: REFUSED_EVENT, actor: "processor", details }, now);
    return true;
  });
  if (!recorded) return "duplicate";
  logger.warn({ processor, event: type, reason, order: order?.reference }, "Refused a payment event: it is flagged in the console");
  return "refused";
}
