/** What else a timeline line of automatic renewal says: the renewal order, the next try, the planned charge, why it ended. */
import type { AdminText } from "../text";

const text = (value: unknown) => (typeof value === "string" ? value : "");
const endReasons = ["stopped", "payment-failed", "refund", "dispute", "processor"] as const;

export function subscriptionMore(
  type: string,
  details: Record<string, unknown>,
  t: AdminText["t"],
  dateTime: (iso: string) => string,
): string[] {
  const more: string[] = [];
  if (text(details.order)) more.push(t("orders.subscription.more.order", { order: text(details.order) }));
  if (text(details.retryAt)) more.push(t("orders.subscription.more.retryAt", { date: dateTime(text(details.retryAt)) }));
  const chargeAt = text(details.nextChargeAt) || text(details.chargeAt);
  if (chargeAt) more.push(t("orders.subscription.more.chargeAt", { date: dateTime(chargeAt) }));
  const reason = text(details.reason);
  if (type === "subscription-ended") {
    const known = endReasons.find((candidate) => candidate === reason);
    if (known) more.push(t("orders.subscription.more.reason", { reason: t(`orders.subscription.endReasons.${known}`) }));
  } else if (reason && type === "subscription-charge-failed") {
    more.push(t("orders.subscription.more.reason", { reason }));
  }
  if (text(details.brand) && text(details.last4))
    more.push(t("orders.subscription.card", { brand: text(details.brand), last4: text(details.last4) }));
  return more;
}
