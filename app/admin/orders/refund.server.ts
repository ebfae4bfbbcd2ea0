import { type FormValues, formText } from "../../../common/read-form.ts";
import { recordAudit } from "../../../server/admin/audit.ts";
import { recordOperatorAction } from "../../../server/admin/operator-action.ts";
import type { Database } from "../../../server/db/database.ts";
import { claimRecordedRefund, recordRefund } from "../../../server/db/payments.ts";
import type { Order } from "../../../server/db/schema.ts";
import type { RefundResult } from "../../../server/payments/gateway.ts";
import { revokeOrderAccess } from "../../access/revoke.server";
import { paymentRecord } from "../../checkout/settle-order.server";
import { issueCreditNote } from "../../invoices/issue.server";
import { queueRefundNotice } from "../../mail.server";
import { type ActionResult, failed, succeeded } from "./action-result";
import type { ConsoleOperator, ConsoleServices } from "./console-services.server";
import { isRefundable, readRefundForm } from "./refund-form";

/**
 * The first step: checks the reason and shows what the refund will be, changing nothing. The answer carries
 * the refunded amount seen now, which the second step must send back unchanged.
 */
export async function reviewRefund(
  _services: ConsoleServices,
  _operator: ConsoleOperator,
  order: Order,
  form: FormValues,
  _address: string,
): Promise<ActionResult> {
  const { reason, note, values } = readRefundForm(form);
  if (!isRefundable(order)) return failed("refund-confirm", "orders.refund.notRefundable");
  if (!reason) return { ...failed("refund-confirm", "orders.refund.reasonRequired"), values, errors: { reason: "reasonRequired" } };
  const review = {
    reason,
    note,
    refundedCents: order.refunded_cents,
    amountCents: order.amount_cents - order.refunded_cents,
    currency: order.currency,
  };
  return { intent: "refund-confirm", ok: true, values, review };
}

/**
 * The second step: refunds what is left at the processor, then records it. Two tabs confirming at once
 * both reach the processor with the same state, which refunds once (its refund is idempotent on that
 * state), and `recordRefund` only moves the order from that state, so one of them records it, queues the
 * customer's notice and writes the timeline; the other is told it was already done. Stripe's webhook may
 * record the refund first (and mail the customer): the confirmation then claims that record as its own
 * (`claimRecordedRefund`, once), is audited and answers success, with no second mail or timeline line.
 */
export async function refundOrder(
  services: ConsoleServices,
  operator: ConsoleOperator,
  order: Order,
  form: FormValues,
  address: string,
  now: Date = new Date(),
): Promise<ActionResult> {
  const { reason, note } = readRefundForm(form);
  const seenText = formText(form, "refundedCents", 20);
  const seen = /^\d+$/.test(seenText) ? Number(seenText) : Number.NaN;
  if (order.status === "refunded") return failed("refund", "orders.refund.already");
  if (!isRefundable(order)) return failed("refund", "orders.refund.notRefundable");
  if (!reason) return failed("refund", "orders.refund.reasonRequired");
  if (!Number.isSafeInteger(seen) || seen !== order.refunded_cents) return failed("refund", "orders.refund.changed");

  const audit = (details: Record<string, unknown>, db: Database = services.db) =>
    recordAudit(
      db,
      { operatorId: operator.id, operatorEmail: operator.email, action: "refund", subject: order.reference, address, details },
      now,
    );
  let refund: RefundResult;
  try {
    refund = await services.gateway.refund(paymentRecord(order));
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    await audit({ outcome: "refused", reason, error: why.slice(0, 300) });
    return failed("refund", "orders.refund.refused", { reason: why.slice(0, 300) });
  }

  const amount = { cents: refund.refundedCents - order.refunded_cents, currency: order.currency };
  const details = { amountCents: amount.cents, currency: amount.currency, reason, ...(note && { note }), refundReference: refund.refundId };
  const outcome = await services.db.transaction().execute(async (transaction) => {
    const { refundedCents, refundId: refundReference } = refund;
    const updated = await recordRefund(transaction, order.id, { refundedCents, refundReference }, now);
    if (updated) {
      // Refunded in full: the customer stops watching now, not at the period's end.
      if (updated.order.status === "refunded") await revokeOrderAccess(transaction, updated.order, "refund", now);
      await queueRefundNotice(transaction, updated.order, updated.addedCents, now);
      await issueCreditNote(transaction, updated.order, updated.addedCents, { now });
      await recordOperatorAction(transaction, operator, order, { name: "refund", event: "refunded", details }, address, now);
      return "recorded";
    }
    if (!(await claimRecordedRefund(transaction, order.id, { refundedCents, refundReference }, now))) return "already";
    await audit({ ...details, recordedBy: "processor" }, transaction);
    return "claimed";
  });
  if (outcome === "already") return failed("refund", "orders.refund.already");
  services.wakeMail();
  return succeeded("refund", "orders.refund.done", { amount });
}
