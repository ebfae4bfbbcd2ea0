import { recordAudit } from "../../../server/admin/audit.ts";
import { recordRefund } from "../../../server/db/payments.ts";
import type { Order } from "../../../server/db/schema.ts";
import { AFTER_SALE_MAIL_KINDS, renderRefundMail } from "../../../server/mail/access-mail.ts";
import { queueMail } from "../../../server/mail/outbox.ts";
import type { RefundResult } from "../../../server/payments/gateway.ts";
import { paymentRecord } from "../../checkout/settle-order.server";
import { formatPrice } from "../../content/plans";
import { isLanguage } from "../../i18n/languages";
import { wakeMailWorker } from "../../services.server";
import { type ActionResult, type FormValues, failed, formText, succeeded } from "./action-result";
import type { ConsoleOperator, ConsoleServices } from "./console-services.server";
import { recordOperatorAction } from "./operator-action.server";
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
 * customer's notice and writes the timeline; the other is told it was already done.
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

  let refund: RefundResult;
  try {
    refund = await services.gateway.refund(paymentRecord(order));
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    const details = { outcome: "refused", reason, error: why.slice(0, 300) };
    await recordAudit(
      services.db,
      { operatorId: operator.id, operatorEmail: operator.email, action: "refund", subject: order.reference, address, details },
      now,
    );
    return failed("refund", "orders.refund.refused", { reason: why.slice(0, 300) });
  }

  const amount = { cents: refund.refundedCents - order.refunded_cents, currency: order.currency };
  const language = isLanguage(order.language) ? order.language : "en";
  const mail = renderRefundMail(
    {
      reference: order.reference,
      firstName: order.first_name,
      amount: formatPrice(amount.cents, language, order.currency),
      refundedAt: now,
    },
    language,
  );
  const recorded = await services.db.transaction().execute(async (transaction) => {
    const updated = await recordRefund(
      transaction,
      order.id,
      { refundedCents: refund.refundedCents, refundReference: refund.refundId },
      now,
    );
    if (!updated) return undefined;
    await queueMail(transaction, { kind: AFTER_SALE_MAIL_KINDS.refund, to: order.email, ...mail, orderId: order.id }, now);
    const details = {
      amountCents: amount.cents,
      currency: amount.currency,
      reason,
      ...(note && { note }),
      refundReference: refund.refundId,
    };
    await recordOperatorAction(transaction, operator, order, { name: "refund", event: "refunded", details }, address, now);
    return updated;
  });
  if (!recorded) return failed("refund", "orders.refund.already");
  wakeMailWorker();
  return succeeded("refund", "orders.refund.done", { amount });
}
