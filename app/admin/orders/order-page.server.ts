import { open } from "../../../server/admin/secret-box.ts";
import { listOrderMails } from "../../../server/db/admin-orders.ts";
import { listOrderEvents } from "../../../server/db/order-events.ts";
import { findOrderByReference } from "../../../server/db/repositories.ts";
import type { Order } from "../../../server/db/schema.ts";
import type { AccessDetails } from "../../../server/mail/access-mail.ts";
import type { ConsoleServices } from "./console-services.server";
import { buildTimeline } from "./timeline";

/** The order as the page shows it: without its sealed details and the checkout's internal keys. */
export type OrderView = Omit<Order, "access_details" | "idempotency_key" | "next_check_at">;

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

/** Everything the order page shows, or undefined for an unknown reference. */
export async function loadOrderPage(services: ConsoleServices, reference: string) {
  const order = await findOrderByReference(services.db, reference);
  if (!order) return undefined;
  const [events, mails] = await Promise.all([listOrderEvents(services.db, order.id), listOrderMails(services.db, order.id)]);
  const { access_details, idempotency_key: _key, next_check_at: _check, ...view } = order;
  return {
    order: view satisfies OrderView,
    timeline: buildTimeline(events, mails),
    mails: mails.map(
      (mail): OrderMailView => ({ id: mail.id, kind: mail.kind, to: mail.to_address, createdAt: mail.created_at, sentAt: mail.sent_at }),
    ),
    access: openAccess(services.accessKey, access_details),
    canSeal: services.accessKey !== null,
  };
}

export type OrderPageData = NonNullable<Awaited<ReturnType<typeof loadOrderPage>>>;
