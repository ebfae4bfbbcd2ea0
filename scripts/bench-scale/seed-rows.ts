/**
 * The planned shop as table rows (arrays in the order of each table's `columns`), produced lazily so a
 * million orders never sit in memory twice.
 */

import { site } from "../../content/site.ts";
import { seal } from "../../server/admin/secret-box.ts";
import type { LinePlan, OrderPlan } from "./seed-plans.ts";
import type { Random } from "./seed-random.ts";
import { orderReference, type PlannedShop } from "./seed-shop.ts";

export interface TableRows {
  table: string;
  columns: readonly string[];
  rows: Iterable<unknown[]>;
  /** The rows carry their own ids (the sequence must be moved past them on PostgreSQL). */
  explicitIds?: boolean;
}

export const iso = (time: number | null) => (time === null ? null : new Date(time).toISOString());

const orderColumns = [
  "id",
  "reference",
  "idempotency_key",
  "plan_key",
  "viewers",
  "amount_cents",
  "currency",
  "language",
  "first_name",
  "last_name",
  "email",
  "phone",
  "country",
  "city",
  "postal_code",
  "address",
  "card_brand",
  "card_last4",
  "status",
  "gateway_reference",
  "failure_reason",
  "confirmation_mail_sent_at",
  "payment_session_id",
  "payment_processor",
  "paid_at",
  "refunded_cents",
  "refund_reference",
  "access_starts_at",
  "access_ends_at",
  "access_id",
  "renews_access_id",
  "renews_automatically",
  "subscription_id",
  "ip_country",
  "created_at",
  "updated_at",
] as const;

function* orderRows(shop: PlannedShop): Generator<unknown[]> {
  for (const order of shop.orders) {
    const customer = shop.customers[order.customer];
    if (!customer) throw new Error(`Order ${order.id} has no customer`);
    const reference = orderReference(order.id);
    const card = order.id % 10 < 6 ? "visa" : order.id % 10 < 9 ? "mastercard" : "amex";
    yield [
      order.id,
      reference,
      `seed-${order.id}`,
      order.planKey,
      order.viewers,
      order.amountCents,
      site.currency,
      customer.language,
      customer.firstName,
      customer.lastName,
      customer.email,
      customer.phone,
      customer.country,
      customer.city,
      customer.postalCode,
      customer.address,
      card,
      String(1000 + ((order.customer * 7919) % 9000)),
      order.status,
      order.status === "pending" ? null : `pi_seed${order.id}`,
      order.failureReason,
      iso(order.paidAt === null ? null : order.paidAt + 5000),
      `cs_seed${order.id}`,
      "stripe",
      iso(order.paidAt),
      order.refundedAt === null ? 0 : order.amountCents,
      order.refundedAt === null ? null : `re_seed${order.id}`,
      iso(order.startsAt),
      iso(order.endsAt),
      order.line?.id ?? null,
      order.renews?.id ?? null,
      order.renewsAutomatically ? 1 : 0,
      order.chargedBy?.id ?? null,
      customer.country,
      iso(order.createdAt),
      iso(order.updatedAt),
    ];
  }
}

const accessColumns = [
  "id",
  "reference",
  "email",
  "plan_key",
  "viewers",
  "status",
  "details",
  "starts_at",
  "ends_at",
  "revoked_at",
  "revoke_reason",
  "kind",
  "created_at",
  "updated_at",
] as const;

/**
 * Made-up credentials of the shape the console asks for (site.access.fields), sealed as delivery seals them,
 * for the lines still running or ended lately; older lines keep none (null is allowed), which saves sealing
 * hundreds of thousands of values nobody will open.
 */
function sealedDetails(key: Buffer | null, line: LinePlan, random: Random, now: number): string | null {
  if (!key || line.endsAt < now - 60 * 86_400_000) return null;
  const values: Record<string, string> = {
    username: `line${line.id}`,
    password: `seed-${Math.floor(random.next() * 1e12).toString(36)}`,
    serverUrl: "https://tv.example.com",
    playlistUrl: `https://tv.example.com/get.m3u?line=${line.id}`,
  };
  return seal(key, JSON.stringify(Object.fromEntries(site.access.fields.map((field) => [field, values[field] ?? "seed"]))));
}

function* accessRows(shop: PlannedShop, key: Buffer | null, random: Random): Generator<unknown[]> {
  for (const line of shop.lines) {
    const email = line.email ?? shop.customers[line.customer]?.email;
    const status = line.revokedAt !== null ? "revoked" : line.endsAt < shop.now ? "expired" : "active";
    yield [
      line.id,
      line.reference,
      email,
      line.planKey,
      line.viewers,
      status,
      sealedDetails(key, line, random, shop.now),
      iso(line.startsAt),
      iso(line.endsAt),
      iso(line.revokedAt),
      line.revokedAt === null ? null : "refund",
      line.kind,
      iso(line.createdAt),
      iso(status === "expired" ? Math.max(line.updatedAt, line.endsAt) : line.updatedAt),
    ];
  }
}

const subscriptionColumns = [
  "id",
  "order_id",
  "access_id",
  "email",
  "plan_key",
  "viewers",
  "amount_cents",
  "currency",
  "processor",
  "processor_subscription_id",
  "processor_customer_id",
  "card_brand",
  "card_last4",
  "status",
  "next_charge_at",
  "failed_attempts",
  "next_retry_at",
  "ended_at",
  "end_reason",
  "created_at",
  "updated_at",
] as const;

function* subscriptionRows(shop: PlannedShop): Generator<unknown[]> {
  for (const subscription of shop.subscriptions) {
    const order: OrderPlan = subscription.order;
    yield [
      subscription.id,
      order.id,
      subscription.line?.id ?? null,
      shop.customers[order.customer]?.email,
      order.planKey,
      order.viewers,
      order.amountCents,
      site.currency,
      "stripe",
      `sub_seed${subscription.id}`,
      `cus_seed${order.customer}`,
      "visa",
      "4242",
      subscription.status,
      iso(subscription.nextChargeAt),
      subscription.failedAttempts,
      iso(subscription.nextRetryAt),
      iso(subscription.endedAt),
      subscription.endReason,
      iso(subscription.createdAt),
      iso(subscription.updatedAt),
    ];
  }
}

export function shopTables(shop: PlannedShop, key: Buffer | null, random: Random): TableRows[] {
  return [
    { table: "accesses", columns: accessColumns, rows: accessRows(shop, key, random), explicitIds: true },
    { table: "orders", columns: orderColumns, rows: orderRows(shop), explicitIds: true },
    { table: "subscriptions", columns: subscriptionColumns, rows: subscriptionRows(shop), explicitIds: true },
  ];
}
