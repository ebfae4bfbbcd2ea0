/**
 * The part of an order's timeline its customer sees. An allow-list: only the event types below become a
 * line, and a line carries its kind and time, never the event's details or who recorded it. So the
 * operator's notes, provisioning attempts, operator e-mails, reminders and anything added to the timeline
 * later stay in the console unless someone decides here that the customer should see them.
 */
import type { OrderEvent } from "../../../server/db/schema.ts";

export type HistoryKind = "paid" | "delivered" | "renewed" | "extended" | "refunded" | "expired" | "revoked";

/** Recorded event type → what the customer reads. Several types may say the same thing. */
const customerVisible: Readonly<Record<string, HistoryKind>> = {
  paid: "paid",
  delivered: "delivered",
  renewed: "renewed",
  extended: "extended",
  "access-extended": "extended",
  refunded: "refunded",
  expired: "expired",
  revoked: "revoked",
  "access-revoked": "revoked",
};

export interface HistoryLine {
  kind: HistoryKind;
  /** ISO timestamp. */
  at: string;
}

/** The customer's lines of a timeline, oldest first (as recorded). */
export function customerHistory(events: readonly Pick<OrderEvent, "type" | "created_at">[]): HistoryLine[] {
  return events.flatMap((event) => {
    const kind = Object.hasOwn(customerVisible, event.type) ? customerVisible[event.type] : undefined;
    return kind ? [{ kind, at: event.created_at }] : [];
  });
}
