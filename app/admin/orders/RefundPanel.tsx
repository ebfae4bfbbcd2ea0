import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { useAdminText } from "../text";
import { useSending } from "./ActionNotice";
import type { ActionResult, RefundReview } from "./action-result";
import { useOrderFormat } from "./format";
import type { OrderView } from "./order-page.server";
import { refundNoteMax, refundReasons } from "./refund-form";
import { dangerButton, inputClass, linkClass, secondaryButton } from "./ui";

/** Refunding takes two steps: a reason, then a confirmation that names the amount. */
export function RefundPanel({ order, result }: { order: OrderView; result: ActionResult | undefined }) {
  const review = result?.intent === "refund-confirm" && result.ok ? result.review : undefined;
  if (review) return <RefundConfirmation order={order} review={review} />;
  return <RefundReason result={result?.intent === "refund-confirm" ? result : undefined} />;
}

function RefundReason({ result }: { result: ActionResult | undefined }) {
  const { t } = useAdminText();
  const sending = useSending("refund-confirm");
  const invalid = result?.errors?.reason !== undefined;
  return (
    <Form method="post" aria-labelledby="refund-heading" className="grid gap-4">
      <h3 id="refund-heading" className="text-lg font-bold text-text">
        {t("orders.refund.heading")}
      </h3>
      <input type="hidden" name="intent" value="refund-confirm" />
      <div>
        <label htmlFor="refund-reason" className="block text-sm font-medium text-text">
          {t("orders.refund.reason")}
        </label>
        <select
          id="refund-reason"
          name="reason"
          required
          defaultValue={result?.values?.reason ?? ""}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? "refund-reason-error" : undefined}
          className={inputClass}
        >
          <option value="">{t("orders.refund.chooseReason")}</option>
          {refundReasons.map((reason) => (
            <option key={reason} value={reason}>
              {t(`orders.refund.reasons.${reason}`)}
            </option>
          ))}
        </select>
        {invalid && (
          <p id="refund-reason-error" className="mt-1 text-sm text-danger">
            {t("orders.refund.reasonRequired")}
          </p>
        )}
      </div>
      <div>
        <label htmlFor="refund-note" className="block text-sm font-medium text-text">
          {t("orders.refund.note")}
        </label>
        <textarea
          id="refund-note"
          name="note"
          rows={2}
          maxLength={refundNoteMax}
          defaultValue={result?.values?.note ?? ""}
          className={`${inputClass} py-2`}
        />
      </div>
      <div>
        <button type="submit" disabled={sending} className={secondaryButton}>
          {sending ? t("orders.actions.working") : t("orders.refund.review")}
        </button>
      </div>
    </Form>
  );
}

function RefundConfirmation({ order, review }: { order: OrderView; review: RefundReview }) {
  const { t } = useAdminText();
  const format = useOrderFormat();
  const sending = useSending("refund");
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const amount = format.money(review.amountCents, review.currency);
  return (
    <Form
      method="post"
      aria-labelledby="refund-confirm-heading"
      className="grid gap-3 rounded-card border border-danger/60 bg-danger/10 p-5"
    >
      <h3 id="refund-confirm-heading" ref={heading} tabIndex={-1} className="text-lg font-bold text-text outline-none">
        {t("orders.refund.confirmHeading", { amount, name: `${order.first_name} ${order.last_name}` })}
      </h3>
      <p className="text-sm text-text">{t("orders.refund.confirmText")}</p>
      <p className="text-sm text-muted">
        {t("orders.timeline.reason", { reason: t(`orders.refund.reasons.${review.reason as (typeof refundReasons)[number]}`) })}
      </p>
      {review.note && <p className="whitespace-pre-line text-sm text-muted">{review.note}</p>}
      <input type="hidden" name="intent" value="refund" />
      <input type="hidden" name="reason" value={review.reason} />
      <input type="hidden" name="note" value={review.note} />
      <input type="hidden" name="refundedCents" value={review.refundedCents} />
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" disabled={sending} className={dangerButton}>
          {sending ? t("orders.actions.working") : t("orders.refund.confirm", { amount })}
        </button>
        <Link to={`/admin/orders/${order.reference}`} className={linkClass}>
          {t("orders.refund.cancel")}
        </Link>
      </div>
    </Form>
  );
}
