import { type FormValues, formText } from "../../../common/read-form.ts";
import type { Order } from "../../../server/db/schema.ts";

/** Why an order is refunded, as the operator picks it (kept in the timeline and the audit log, never mailed). */
export const refundReasons = ["requestedByCustomer", "duplicate", "fraudulent", "serviceProblem", "other"] as const;
export type RefundReason = (typeof refundReasons)[number];
export const refundNoteMax = 500;

const isRefundReason = (value: string): value is RefundReason => (refundReasons as readonly string[]).includes(value);

/** Paid or delivered, with something left to refund. */
export function isRefundable(order: Pick<Order, "status" | "refunded_cents" | "amount_cents">): boolean {
  return (order.status === "paid" || order.status === "fulfilled") && order.refunded_cents < order.amount_cents;
}

export function readRefundForm(form: FormValues): { reason: RefundReason | null; note: string; values: Record<string, string> } {
  const picked = formText(form, "reason", 40);
  const note = formText(form, "note", refundNoteMax).trim();
  return { reason: isRefundReason(picked) ? picked : null, note, values: { reason: picked, note } };
}
