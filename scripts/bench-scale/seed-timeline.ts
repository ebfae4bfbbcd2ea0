/**
 * What the shop's machinery left behind each order: its timeline lines (`order_events`, the most telling
 * first, about `sizes.orderEvents` in all) and the finished jobs (the reminders and expiry of every end a
 * line had, at most `sizes.finishedJobs`).
 */
import type { OrderPlan } from "./seed-plans.ts";
import type { Random } from "./seed-random.ts";
import type { TableRows } from "./seed-rows.ts";
import { iso } from "./seed-rows.ts";
import type { PlannedShop } from "./seed-shop.ts";
import type { ScaleSizes } from "./seed-sizes.ts";

const day = 86_400_000;
/** REMINDER_DAYS of app/access/schedule.server.ts (app code, which node alone cannot load: it is built by Vite). */
const REMINDER_DAYS = [7, 1] as const;
type Event = [type: string, actor: string, at: number, details: object | null];

/** An order's timeline, most telling first (the outcome before `created`). */
export function orderEvents(order: OrderPlan): Event[] {
  const events: Event[] = [];
  const automatic = order.chargedBy !== null;
  if (order.status === "failed") events.push(["declined", "processor", order.updatedAt, { reason: order.failureReason }]);
  if (order.paidAt !== null) {
    events.push([automatic ? "automatic-charge" : "paid", "processor", order.paidAt, { gatewayReference: `pi_seed${order.id}` }]);
  }
  if (order.deliveredAt !== null) {
    const range = { startsAt: iso(order.startsAt), endsAt: iso(order.endsAt) };
    events.push(["delivered", "provisioning", order.deliveredAt, range]);
  }
  if (order.renews && order.paidAt !== null && order.line) {
    events.push(["renewed", "system", order.paidAt, { access: order.renews.reference, endsAt: iso(order.endsAt) }]);
  }
  if (order.refundedAt !== null) events.push(["refunded", "processor", order.refundedAt, { cents: order.amountCents }]);
  if (order.status === "expired" && order.line) events.push(["expired", "system", order.line.endsAt, { endsAt: iso(order.line.endsAt) }]);
  if (order.started) events.push(["subscription-started", "system", order.paidAt ?? order.createdAt, null]);
  events.push(["created", automatic ? "system" : "customer", order.createdAt, null]);
  return events;
}

function* eventRows(shop: PlannedShop, sizes: ScaleSizes, random: Random): Generator<unknown[]> {
  const perOrder = sizes.orderEvents / Math.max(1, shop.orders.length);
  for (const order of shop.orders) {
    const all = orderEvents(order);
    const keep = Math.max(1, Math.floor(perOrder) + (random.chance(perOrder % 1) ? 1 : 0));
    const kept = all.slice(0, keep).sort((a, b) => a[2] - b[2]);
    for (const [type, actor, at, details] of kept) {
      const when = iso(at);
      yield [order.id, type, actor, details === null ? null : JSON.stringify(details), when, when];
    }
  }
}

function* jobRows(shop: PlannedShop, sizes: ScaleSizes, random: Random): Generator<unknown[]> {
  const perLine = 1 + REMINDER_DAYS.length;
  const pastEnds = (line: PlannedShop["lines"][number]) => (line.kind === "trial" ? 0 : line.ends.filter((end) => end < shop.now).length);
  const available = shop.lines.reduce((sum, line) => sum + pastEnds(line), 0) * perLine;
  const share = Math.min(1, sizes.finishedJobs / Math.max(1, available));
  let left = sizes.finishedJobs;
  for (const line of shop.lines) {
    if (line.kind === "trial") continue;
    for (const end of line.ends) {
      if (left <= 0 || end >= shop.now || !random.chance(share)) continue;
      const endsAt = iso(end);
      const jobs: [string, string, number, object][] = REMINDER_DAYS.map((days) => [
        "renewal-reminder",
        `reminder-${days}:access-${line.id}:${endsAt}`,
        end - days * day,
        { accessId: line.id, endsAt, days },
      ]);
      jobs.push(["access-expiry", `expire:access-${line.id}:${endsAt}`, end, { accessId: line.id, endsAt }]);
      for (const [kind, uniqueKey, runAt, payload] of jobs) {
        if (left-- <= 0) break;
        const done = iso(runAt + random.int(50, 5000));
        yield [kind, JSON.stringify(payload), uniqueKey, iso(runAt), 1, 10, done, iso(runAt - 30 * day), done];
      }
    }
  }
}

export function timelineTables(shop: PlannedShop, sizes: ScaleSizes, random: Random): TableRows[] {
  return [
    {
      table: "order_events",
      columns: ["order_id", "type", "actor", "details", "created_at", "updated_at"],
      rows: eventRows(shop, sizes, random),
    },
    {
      table: "jobs",
      columns: ["kind", "payload", "unique_key", "run_at", "attempts", "max_attempts", "done_at", "created_at", "updated_at"],
      rows: jobRows(shop, sizes, random),
    },
  ];
}
