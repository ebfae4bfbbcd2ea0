import { site } from "../../../content/site";
import { isRefusalReason, REFUSED_EVENT } from "../../checkout/refused-event";
import { type AdminTextKey, useAdminText } from "../text";
import { useOrderFormat } from "./format";
import { refundReasons } from "./refund-form";
import { subscriptionMore } from "./subscription-words";
import type { EventEntry, MailEntry, TimelineEntry } from "./timeline";

/** Recorded event types with words of their own; any other shows as recorded. */
const eventKeys: Readonly<Record<string, AdminTextKey>> = {
  created: "orders.timeline.events.created",
  "checkout-opened": "orders.timeline.events.checkoutOpened",
  "authentication-requested": "orders.timeline.events.authenticationRequested",
  paid: "orders.timeline.events.paid",
  declined: "orders.timeline.events.declined",
  abandoned: "orders.timeline.events.abandoned",
  failed: "orders.timeline.events.failed",
  "settle-requested": "orders.timeline.events.settleRequested",
  delivered: "orders.timeline.events.delivered",
  "mail-resent": "orders.timeline.events.mailResent",
  refunded: "orders.timeline.events.refunded",
  expired: "orders.timeline.events.expired",
  "provisioning-attempt": "orders.timeline.events.provisioningAttempt",
  "provisioning-accepted": "orders.timeline.events.provisioningAccepted",
  "provisioning-gave-up": "orders.timeline.events.provisioningGaveUp",
  "delivery-late": "orders.timeline.events.deliveryLate",
  "reminder-sent": "orders.timeline.events.reminderSent",
  "reminder-skipped": "orders.timeline.events.reminderSkipped",
  "access-revealed": "orders.timeline.events.accessRevealed",
  renewed: "orders.timeline.events.renewed",
  "renewal-refused": "orders.timeline.events.renewalRefused",
  extended: "orders.timeline.events.extended",
  "access-revoked": "orders.timeline.events.accessRevoked",
  disputed: "orders.timeline.events.disputed",
  [REFUSED_EVENT]: "orders.timeline.events.processorEventRefused",
  "access-event-sent": "orders.timeline.events.accessEventSent",
  // Automatic renewal: written on the order that started the subscription, which the operator opens first.
  "subscription-started": "orders.subscription.events.started",
  "automatic-charge": "orders.subscription.events.charged",
  "subscription-charge-failed": "orders.subscription.events.chargeFailed",
  "subscription-retry": "orders.subscription.events.retry",
  "subscription-stopped": "orders.subscription.events.stopped",
  "subscription-ended": "orders.subscription.events.ended",
  "charge-notice-sent": "orders.subscription.events.noticeSent",
  "subscription-card-changed": "orders.subscription.events.cardChanged",
};

/** Why a reminder was not sent, as the renewal job records it. */
const skipReasonKeys: Readonly<Record<string, AdminTextKey>> = {
  refunded: "orders.timeline.skipReasons.refunded",
  expired: "orders.timeline.skipReasons.expired",
  ended: "orders.timeline.skipReasons.ended",
  "opted-out": "orders.timeline.skipReasons.opted-out",
  "bought-again": "orders.timeline.skipReasons.bought-again",
  revoked: "orders.timeline.skipReasons.revoked",
  extended: "orders.timeline.skipReasons.extended",
};

const mailKindKeys: Readonly<Record<string, AdminTextKey>> = {
  "order-confirmation": "orders.timeline.mailKinds.orderConfirmation",
  "order-access": "orders.timeline.mailKinds.orderAccess",
  "order-refund": "orders.timeline.mailKinds.orderRefund",
  "renewal-reminder": "orders.timeline.mailKinds.renewalReminder",
  "renewal-confirmation": "orders.timeline.mailKinds.renewalConfirmation",
  "access-extended": "orders.timeline.mailKinds.accessExtended",
};

const statuses = ["pending", "paid", "failed", "fulfilled", "expired", "refunded"] as const;
const text = (value: unknown) => (typeof value === "string" ? value : "");

/** Each timeline line in words: what happened, what else matters about it, and who did it. */
export function useTimelineWords() {
  const { t } = useAdminText();
  const format = useOrderFormat();
  const mailName = (kind: string) => t(mailKindKeys[kind] ?? "orders.timeline.mailKinds.other");

  function eventWords(entry: EventEntry): { what: string; more: string[] } {
    const details = entry.details ?? {};
    const key = eventKeys[entry.type] ?? "orders.timeline.events.other";
    const cents = typeof details.amountCents === "number" ? details.amountCents : 0;
    const skipped = text(details.reason);
    const reason = isRefusalReason(details.reason)
      ? t(`orders.refused.reasons.${details.reason}`)
      : skipped
        ? t(skipReasonKeys[skipped] ?? "orders.timeline.skipReasons.other", { reason: skipped })
        : "";
    const days = typeof details.days === "number" ? details.days : "";
    const money = format.money(cents, text(details.currency) || site.currency);
    const what = t(key, { type: entry.type, amount: money, days, reason, access: text(details.access) });
    const more: string[] = [];
    const outcome = statuses.find((status) => status === details.outcome);
    if (outcome) more.push(t("orders.timeline.outcome", { status: t(`orders.status.${outcome}`) }));
    const refundReason = refundReasons.find((candidate) => candidate === details.reason);
    if (refundReason) more.push(t("orders.timeline.reason", { reason: t(`orders.refund.reasons.${refundReason}`) }));
    if (text(details.note)) more.push(text(details.note));
    if (entry.type === "mail-resent" && text(details.kind)) more.push(mailName(text(details.kind)));
    if (entry.type === REFUSED_EVENT) more.push(t("orders.refused.event", { event: text(details.event), type: text(details.type) }));
    // The customer's own reveal (app/account/access): from which address, in which of their sessions.
    if (entry.type === "access-revealed") {
      more.push(
        t("orders.timeline.revealedFrom", {
          address: text(details.address),
          session: typeof details.session === "number" ? details.session : "",
        }),
      );
    }
    if (typeof details.attempt === "number") more.push(t("orders.timeline.provisioning.attempt", { attempt: details.attempt }));
    if (typeof details.status === "number") more.push(t("orders.timeline.provisioning.status", { status: details.status }));
    else if (text(details.error)) more.push(t("orders.timeline.provisioning.error", { error: text(details.error) }));
    if (text(details.startsAt) && text(details.endsAt)) {
      more.push(
        t("orders.detail.accessRange", { start: format.dateTime(text(details.startsAt)), end: format.dateTime(text(details.endsAt)) }),
      );
    }
    if (eventKeys[entry.type]?.startsWith("orders.subscription.")) {
      more.push(...subscriptionMore(entry.type, details, t, format.dateTime));
    }
    return { what, more };
  }

  function mailWords(entry: MailEntry): string {
    const mail = mailName(entry.mailKind);
    if (entry.state === "queued") return t("orders.timeline.mails.queued", { mail, to: entry.to });
    if (entry.state === "sent") return t("orders.timeline.mails.sent", { mail });
    return t("orders.timeline.mails.failed", { mail, count: entry.attempts, error: entry.error ?? t("common.none") });
  }

  function actorWords(actor: string): string {
    if (actor === "customer" || actor === "processor" || actor === "system" || actor === "provisioning") {
      return t(`orders.timeline.actors.${actor}`);
    }
    return actor;
  }

  return {
    mailName,
    describe: (entry: TimelineEntry) => (entry.kind === "event" ? eventWords(entry) : { what: mailWords(entry), more: [] }),
    who: (entry: TimelineEntry) => t("orders.timeline.by", { actor: actorWords(entry.actor) }),
  };
}
