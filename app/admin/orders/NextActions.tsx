import { Form } from "react-router";
import { useAdminText } from "../text";
import { AccessNotices, extendMode } from "./AccessNotices";
import { useSending } from "./ActionNotice";
import type { ActionResult } from "./action-result";
import { DeliverForm } from "./DeliverForm";
import { useOrderFormat } from "./format";
import { MailList } from "./MailList";
import type { OrderMailView, OrderPageData } from "./order-page.server";
import { RefundPanel } from "./RefundPanel";
import { RefusedEventsNotice } from "./RefusedEventsNotice";
import { isRefundable } from "./refund-form";
import { SettleForm } from "./SettleForm";
import { isLate } from "./StatusBadge";
import { panelClass, primaryButton } from "./ui";

/**
 * The one thing the order is waiting for comes first, as the page's primary button (check a pending payment,
 * deliver a paid order, send a delivered order's access again); everything else follows, quieter.
 */
export function NextActions({ data, result }: { data: OrderPageData; result: ActionResult | undefined }) {
  const { t } = useAdminText();
  const { order, mails, canSeal } = data;
  const accessMail = mails.findLast((mail) => mail.kind === "order-access");
  const refundable = isRefundable(order);
  const renewal = order.status === "paid" && order.renews_access_id !== null && data.line !== null && order.access_id !== null;
  const primary =
    order.status === "pending" ? (
      <SettleForm />
    ) : renewal && data.line ? (
      <DeliverForm email={order.email} canSeal={canSeal} result={result} extend={extendMode(data)} />
    ) : order.status === "paid" ? (
      <DeliverForm email={order.email} canSeal={canSeal} result={result} />
    ) : order.status === "fulfilled" && accessMail ? (
      <ResendAccess mail={accessMail} />
    ) : (
      <p className="text-muted">{t("orders.actions.none")}</p>
    );
  return (
    <>
      <section aria-labelledby="next-step" className={`${panelClass} border-accent/60`}>
        <h2 id="next-step" className="mb-4 text-sm font-semibold tracking-wide text-muted uppercase">
          {t("orders.actions.heading")}
        </h2>
        {isLate(order) && <LateAlert paidAt={order.paid_at ?? order.created_at} alertedAt={order.delivery_alerted_at ?? ""} />}
        <RefusedEventsNotice refused={data.refused} />
        <AccessNotices data={data} />
        {primary}
      </section>
      {(refundable || mails.length > 0) && (
        <section aria-labelledby="more-actions" className={`${panelClass} grid gap-8`}>
          <h2 id="more-actions" className="text-sm font-semibold tracking-wide text-muted uppercase">
            {t("orders.actions.more")}
          </h2>
          {refundable && <RefundPanel order={order} result={result} />}
          <MailList mails={mails} />
        </section>
      )}
    </>
  );
}

function ResendAccess({ mail }: { mail: OrderMailView }) {
  const { t } = useAdminText();
  const sending = useSending("resend");
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="mailId" value={mail.id} />
      <button type="submit" disabled={sending} className={primaryButton}>
        {sending ? t("orders.actions.working") : t("orders.resend.primaryAccess")}
      </button>
    </Form>
  );
}

/** Said before the form, in words and not only in colour: the customer has waited longer than they were told. */
function LateAlert({ paidAt, alertedAt }: { paidAt: string; alertedAt: string }) {
  const { t } = useAdminText();
  const format = useOrderFormat();
  return (
    <p className="mb-4 flex gap-2 rounded-card border border-danger/60 bg-danger/10 px-4 py-3 text-sm font-semibold text-text">
      <span aria-hidden="true" className="mt-1.5 inline-block size-2 shrink-0 rounded-full bg-danger" />
      <span>{t("orders.detail.lateAlert", { paidAt: format.dateTime(paidAt), alertedAt: format.dateTime(alertedAt) })}</span>
    </p>
  );
}
