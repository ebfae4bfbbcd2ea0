/**
 * One contact message in the console, and the two things an operator does to it: mark it handled, or put it
 * back in the inbox. Each change and its audit entry are one transaction, so the log never claims a change
 * that did not happen, nor misses one that did.
 */
import { data } from "react-router";
import { recordAudit } from "../../../server/admin/audit.ts";
import { findContactMessage, markMessageHandled, markMessageWaiting } from "../../../server/db/admin-inbox.ts";
import type { Database } from "../../../server/db/database.ts";
import type { ContactMessage, Operator } from "../../../server/db/schema.ts";

/** The id in `/admin/messages/:id`, or null for anything but a plain positive integer (`1e3`, `01`, `-1`, `2.0`). */
export function messageId(param: string | undefined): number | null {
  if (!param || !/^[1-9]\d{0,14}$/.test(param)) return null;
  return Number(param);
}

const notFound = () => data(null, { status: 404 });

export async function loadMessage(db: Database, param: string | undefined): Promise<ContactMessage> {
  const id = messageId(param);
  const message = id === null ? undefined : await findContactMessage(db, id);
  if (!message) throw notFound();
  return message;
}

export const messageIntents = ["handle", "reopen"] as const;
export type MessageIntent = (typeof messageIntents)[number];
/** `already-…`: another operator (or another tab) got there first; nothing changed and nothing is audited. */
export type MessageOutcome = "handled" | "reopened" | "already-handled" | "already-waiting";

export async function changeMessageState(
  db: Database,
  input: { param: string | undefined; intent: MessageIntent; operator: Pick<Operator, "id" | "email">; address: string },
  now: Date = new Date(),
): Promise<MessageOutcome> {
  const id = messageId(input.param);
  if (id === null) throw notFound();
  const handle = input.intent === "handle";
  const changed = await db.transaction().execute(async (transaction) => {
    const updated = handle
      ? await markMessageHandled(transaction, id, input.operator.email, now)
      : await markMessageWaiting(transaction, id, now);
    if (!updated) return false;
    await recordAudit(
      transaction,
      {
        operatorId: input.operator.id,
        operatorEmail: input.operator.email,
        action: handle ? "message-handled" : "message-reopened",
        subject: String(id),
        address: input.address,
      },
      now,
    );
    return true;
  });
  if (changed) return handle ? "handled" : "reopened";
  if (!(await findContactMessage(db, id))) throw notFound();
  return handle ? "already-handled" : "already-waiting";
}
