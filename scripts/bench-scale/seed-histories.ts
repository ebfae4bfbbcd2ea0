/**
 * Each customer's history as the shop would have written it (docs/decisions 0013, 0017, 0025): a purchase,
 * sometimes after a declined card, delivered as an access line; renewals that move the line's end (by hand
 * within the grace period, or charged by a subscription); refunds that revoke the line; a lapse, and later
 * perhaps a new line. Pure: the same random source and clock give the same history.
 */
import { addCalendarMonths, RENEWAL_GRACE_DAYS } from "../../common/access-period.ts";
import { type PlanKey, site } from "../../content/site.ts";
import type { ViewerCount } from "../../server/db/schema.ts";
import type { LinePlan, OrderPlan, SubscriptionPlan } from "./seed-plans.ts";
import type { Random } from "./seed-random.ts";

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
const declineReasons = ["card_declined", "insufficient_funds", "expired_card", "incorrect_cvc", "authentication_required"];

export interface History {
  orders: OrderPlan[];
  lines: LinePlan[];
  subscriptions: SubscriptionPlan[];
}

export function priceOf(planKey: PlanKey, viewers: ViewerCount): number {
  const plan = site.plans.find((candidate) => candidate.key === planKey);
  if (!plan) throw new Error(`Unknown plan ${planKey}`);
  const prices: Partial<Record<ViewerCount, number>> = plan.viewerPrices;
  return prices[viewers] ?? plan.price;
}

const monthsOf = (planKey: PlanKey) => site.plans.find((plan) => plan.key === planKey)?.months ?? 1;

/** Writes customers' histories into `into`; `now` is the end of time (nothing happens after it). */
export function historyWriter(random: Random, now: number, into: History) {
  function order(customer: number, at: number, planKey: PlanKey, viewers: ViewerCount): OrderPlan {
    const planned: OrderPlan = {
      id: 0,
      customer,
      createdAt: at,
      updatedAt: at,
      planKey,
      viewers,
      amountCents: priceOf(planKey, viewers),
      status: "pending",
      failureReason: null,
      paidAt: null,
      deliveredAt: null,
      refundedAt: null,
      line: null,
      startsAt: null,
      endsAt: null,
      renews: null,
      renewsAutomatically: false,
      chargedBy: null,
      started: null,
    };
    into.orders.push(planned);
    return planned;
  }

  function decline(planned: OrderPlan) {
    planned.status = "failed";
    planned.failureReason = random.pick(declineReasons);
    planned.updatedAt = planned.createdAt + random.int(20_000, 3 * minute);
  }

  /** Pays `planned` unless it is too recent to be settled; false when it stays pending. */
  function pay(planned: OrderPlan): boolean {
    // The last hours' checkouts are still being paid, or waiting for reconciliation to ask the processor.
    if (planned.createdAt > now - 6 * hour && random.chance(0.5)) return false;
    planned.status = "paid";
    planned.paidAt = planned.createdAt + random.int(20_000, 4 * minute);
    planned.updatedAt = planned.paidAt;
    return true;
  }

  function refund(planned: OrderPlan, line: LinePlan, at: number) {
    planned.status = "refunded";
    planned.refundedAt = at;
    planned.updatedAt = at;
    line.revokedAt = at;
    line.updatedAt = at;
  }

  /** A first purchase: declined tries, then paid and delivered as a new line; undefined when it went no further. */
  function purchase(customer: number, at: number, budget: { left: number }): LinePlan | undefined {
    const planKey = random.weighted<PlanKey>([
      ["standard", 45],
      ["advanced", 30],
      ["premium", 15],
      ["vip", 10],
    ]);
    const viewers = random.weighted<ViewerCount>([
      [1, 70],
      [2, 20],
      [3, 10],
    ]);
    let t = at;
    while (budget.left > 1 && random.chance(0.12)) {
      decline(order(customer, t, planKey, viewers));
      budget.left--;
      t += random.int(1, 10) * minute;
    }
    if (t >= now) return undefined;
    const first = order(customer, t, planKey, viewers);
    budget.left--;
    first.renewsAutomatically = random.chance(0.2);
    if (random.chance(0.03)) {
      decline(first);
      return undefined;
    }
    if (!pay(first)) return undefined;
    const paidAt = first.paidAt as number;
    // Paid in the last day: some still wait for their access.
    if (paidAt > now - day && random.chance(0.4)) return undefined;
    const deliveredAt = Math.min(now - minute, paidAt + random.int(2 * minute, 8 * hour));
    const endsAt = addCalendarMonths(new Date(deliveredAt), monthsOf(planKey)).getTime();
    const line: LinePlan = {
      id: 0,
      customer,
      reference: "",
      kind: "paid",
      planKey,
      viewers,
      createdAt: deliveredAt,
      startsAt: deliveredAt,
      endsAt,
      ends: [endsAt],
      revokedAt: null,
      updatedAt: deliveredAt,
    };
    into.lines.push(line);
    Object.assign(first, { status: "fulfilled", deliveredAt, line, startsAt: deliveredAt, endsAt, updatedAt: deliveredAt });
    if (first.renewsAutomatically) {
      const subscription: SubscriptionPlan = {
        id: 0,
        order: first,
        line,
        status: "active",
        nextChargeAt: endsAt - day,
        failedAttempts: 0,
        nextRetryAt: null,
        endedAt: null,
        endReason: null,
        createdAt: paidAt,
        updatedAt: deliveredAt,
      };
      first.started = subscription;
      into.subscriptions.push(subscription);
    }
    if (random.chance(0.02)) {
      refund(first, line, Math.min(now - minute, deliveredAt + random.int(1, 10) * day));
      endSubscription(first.started, first.refundedAt as number, "refund");
    }
    return line;
  }

  /** One renewal of a live line (by its subscription when it has a live one); false when the line lapses. */
  function renew(line: LinePlan, subscription: SubscriptionPlan | null, budget: { left: number }): boolean {
    const automatic = subscription !== null && (subscription.status === "active" || subscription.status === "failing");
    let at = automatic ? line.endsAt - day : line.endsAt + random.int(-10 * day, RENEWAL_GRACE_DAYS * day - hour);
    if (!automatic && !random.chance(0.7)) return false;
    if (at >= now) return false;
    const planKey = automatic || random.chance(0.8) ? line.planKey : random.pick(site.plans).key;
    const viewers = automatic
      ? line.viewers
      : random.weighted<ViewerCount>([
          [line.viewers, 85],
          [1, 5],
          [2, 5],
          [3, 5],
        ]);
    let renewal = order(line.customer, at, planKey, viewers);
    budget.left--;
    renewal.renews = line;
    renewal.chargedBy = automatic ? subscription : null;
    if (random.chance(automatic ? 0.05 : 0.08)) {
      decline(renewal);
      if (automatic && subscription) {
        subscription.failedAttempts = 1;
        subscription.status = "failing";
        subscription.updatedAt = renewal.updatedAt;
      }
      if (budget.left < 1 || random.chance(0.35)) return endSubscription(subscription, at, "payment-failed");
      at += automatic ? 3 * day : random.int(2, 60) * minute;
      if (subscription?.status === "failing") subscription.nextRetryAt = at;
      if (at >= now) return false;
      renewal = order(line.customer, at, planKey, viewers);
      budget.left--;
      renewal.renews = line;
      renewal.chargedBy = automatic ? subscription : null;
    }
    if (!pay(renewal)) return false;
    const paidAt = renewal.paidAt as number;
    const base = line.endsAt > paidAt ? line.endsAt : paidAt;
    const endsAt = addCalendarMonths(new Date(base), monthsOf(planKey)).getTime();
    Object.assign(renewal, { line, startsAt: base, endsAt });
    Object.assign(line, { endsAt, planKey, viewers, updatedAt: paidAt });
    line.ends.push(endsAt);
    if (subscription && automatic) {
      Object.assign(subscription, {
        status: "active",
        failedAttempts: 0,
        nextRetryAt: null,
        nextChargeAt: endsAt - day,
        updatedAt: paidAt,
      });
    }
    if (random.chance(0.01)) {
      refund(renewal, line, Math.min(now - minute, paidAt + random.int(1, 5) * day));
      endSubscription(subscription, renewal.refundedAt as number, "refund");
      return false;
    }
    if (subscription?.status === "active" && random.chance(0.04)) {
      const stoppedAt = Math.min(now - minute, paidAt + random.int(1, 20) * day);
      Object.assign(subscription, { status: "stopping", nextChargeAt: null, updatedAt: stoppedAt });
    }
    return true;
  }

  function endSubscription(subscription: SubscriptionPlan | null, at: number, reason: SubscriptionPlan["endReason"]): false {
    if (subscription && subscription.status !== "ended") {
      Object.assign(subscription, { status: "ended", endReason: reason, endedAt: at, nextChargeAt: null, updatedAt: at });
    }
    return false;
  }

  const subscriptionOf = (line: LinePlan) => (into.subscriptions.at(-1)?.line === line ? (into.subscriptions.at(-1) ?? null) : null);

  /** A subscription that was stopping, or whose line ran out unrenewed, ends with the line. */
  function closeLine(line: LinePlan) {
    const subscription = subscriptionOf(line);
    if (!subscription || line.endsAt >= now) return;
    endSubscription(subscription, line.endsAt, subscription.status === "stopping" ? "stopped" : "payment-failed");
  }

  /** One purchase and no renewal (an order a history had no time for); false when nothing was placed. */
  function oneOff(customer: number, at: number): boolean {
    const budget = { left: 1 };
    const line = purchase(customer, at, budget);
    if (line) closeLine(line);
    return budget.left === 0;
  }

  /** A customer's whole history from `start`, at most `budget` orders; returns the orders it did not place. */
  function customerHistory(customer: number, start: number, budget: number): number {
    const left = { left: budget };
    let t = start;
    while (left.left > 0 && t < now) {
      const line = purchase(customer, t, left);
      if (!line) break;
      const subscription = subscriptionOf(line);
      while (left.left > 0 && line.revokedAt === null && renew(line, subscription, left)) {}
      closeLine(line);
      t = (line.revokedAt ?? line.endsAt) + random.int(20, 400) * day;
    }
    return left.left;
  }

  return { customerHistory, oneOff };
}
