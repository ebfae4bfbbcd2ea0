import { open } from "../../../server/admin/secret-box.ts";
import { serverConfig } from "../../../server/config.ts";
import { findAccessById } from "../../../server/db/accesses.ts";
import { listOrderMails } from "../../../server/db/admin-orders.ts";
import { subscriptionOfOrderPage } from "../../../server/db/admin-subscriptions.ts";
import { creditNotesOfOrder, findInvoiceOfOrder } from "../../../server/db/invoices.ts";
import { listOrderEvents } from "../../../server/db/order-events.ts";
import { findOrderByReference } from "../../../server/db/repositories.ts";
import type { Access, CreditNote, Invoice, Order, Subscription } from "../../../server/db/schema.ts";
import type { AccessDetails } from "../../../server/mail/access-mail.ts";
import { isProcessorOf } from "../../../server/payments/index.ts";
import { DISPUTED_EVENT } from "../../access/dispute.server";
import { isRefusalReason, REFUSED_EVENT, type RefusalReason } from "../../checkout/refused-event";
import type { ConsoleServices } from "./console-services.server";
import { buildTimeline, type TimelineEntry } from "./timeline";

/** The order as the page shows it: without its sealed details and the checkout's internal keys. */
export type OrderView = Omit<Order, "idempotency_key" | "next_check_at">;

export type DeliveredAccess = { state: "none" } | { state: "open"; details: AccessDetails } | { state: "locked" };

export interface OrderMailView {
  id: number;
  kind: string;
  to: string;
  createdAt: string;
  sentAt: string | null;
}

function openAccess(key: Buffer | null, sealed: string | null): DeliveredAccess {
  if (!sealed) return { state: "none" };
  if (!key) return { state: "locked" };
  try {
    return { state: "open", details: JSON.parse(open(key, sealed)) as AccessDetails };
  } catch {
    // Another key, or an altered value: say so, never show a half-read secret.
    return { state: "locked" };
  }
}

/** The access as the order page states it: never its sealed details. */
export interface AccessLine {
  id: number;
  reference: string;
  status: Access["status"];
  planKey: string;
  viewers: number;
  startsAt: string;
  endsAt: string;
  revokedAt: string | null;
  revokeReason: string | null;
}

const accessLine = (access: Access): AccessLine => ({
  id: access.id,
  reference: access.reference,
  status: access.status,
  planKey: access.plan_key,
  viewers: access.viewers,
  startsAt: access.starts_at,
  endsAt: access.ends_at,
  revokedAt: access.revoked_at,
  revokeReason: access.revoke_reason,
});

/** The automatic renewal the order page shows: never its kept payment method. */
export type SubscriptionFacts = Omit<Subscription, "payment_method" | "email" | "created_at" | "updated_at"> & {
  /** The subscription in the processor's dashboard, when the processor runs it and is the one configured. */
  dashboardUrl: string | null;
};

function subscriptionFacts(subscription: Subscription, gateway: ConsoleServices["gateway"]): SubscriptionFacts {
  const { payment_method: _method, email: _email, created_at: _created, updated_at: _updated, ...facts } = subscription;
  const processorId = subscription.processor_subscription_id;
  const dashboardUrl =
    processorId && gateway.kind === "hosted" && isProcessorOf(gateway, subscription.processor)
      ? gateway.subscriptionPageUrl(processorId)
      : null;
  return { ...facts, dashboardUrl };
}

/** The processor's events about the order that were refused: how many, and the last one's moment and reason. */
export interface RefusedEvents {
  count: number;
  lastAt: string;
  reason: RefusalReason;
}

function refusedEvents(timeline: TimelineEntry[]): RefusedEvents | null {
  const refused = timeline.filter((entry) => entry.kind === "event" && entry.type === REFUSED_EVENT);
  const last = refused.at(-1);
  if (last?.kind !== "event") return null;
  const reason = last.details?.reason;
  return { count: refused.length, lastAt: last.at, reason: isRefusalReason(reason) ? reason : "not-ours" };
}

/** An invoice or a credit note as the order page lists it, to open its page or its PDF. */
export interface OrderDocument {
  number: string;
  issuedAt: string;
  total: number;
  currency: string;
}

const orderDocument = (document: Invoice | CreditNote): OrderDocument => ({
  number: document.number,
  issuedAt: document.issued_at,
  total: document.total_cents,
  currency: document.currency,
});

/** Everything the order page shows, or undefined for an unknown reference; read through the console's reader. */
export async function loadOrderPage(services: ConsoleServices, reference: string) {
  const order = await findOrderByReference(services.consoleDb, reference);
  if (!order) return undefined;
  const accessId = order.access_id ?? order.renews_access_id;
  const [events, mails, access, subscription, invoice, creditNotes] = await Promise.all([
    listOrderEvents(services.consoleDb, order.id),
    listOrderMails(services.consoleDb, order.id),
    accessId ? findAccessById(services.consoleDb, accessId) : undefined,
    subscriptionOfOrderPage(services.consoleDb, order),
    findInvoiceOfOrder(services.consoleDb, order.id),
    creditNotesOfOrder(services.consoleDb, order.id),
  ]);
  const { idempotency_key: _key, next_check_at: _check, ...view } = order;
  const timeline = buildTimeline(events, mails);
  return {
    order: view satisfies OrderView,
    timeline,
    mails: mails.map(
      (mail): OrderMailView => ({ id: mail.id, kind: mail.kind, to: mail.to_address, createdAt: mail.created_at, sentAt: mail.sent_at }),
    ),
    // The access this order paid for (or renews): its details, and where it stands.
    access: openAccess(services.accessKey, access?.details ?? null),
    line: access ? accessLine(access) : null,
    // Whether a provisioning system is told of revocations, or the operator disables the line by hand.
    provisioning: Boolean(serverConfig().FULFILMENT_WEBHOOK_URL),
    disputedAt: events.find((event) => event.type === DISPUTED_EVENT)?.created_at ?? null,
    refused: refusedEvents(timeline),
    canSeal: services.accessKey !== null,
    subscription: subscription ? subscriptionFacts(subscription, services.gateway) : null,
    // The books' documents of this order: its invoice, and the credit notes of its refunds, oldest first.
    documents: { invoice: invoice ? orderDocument(invoice) : null, creditNotes: creditNotes.map(orderDocument) },
  };
}

export type OrderPageData = NonNullable<Awaited<ReturnType<typeof loadOrderPage>>>;
