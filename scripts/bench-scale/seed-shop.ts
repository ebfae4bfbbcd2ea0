/**
 * The whole shop planned in memory: customers, their histories, the trials; then ids given in the order
 * things happened (as the database would have), references, and the states that follow from the clock.
 */
import { ORDER_REFERENCE_PREFIX } from "../../server/db/orders.ts";
import { type History, historyWriter } from "./seed-histories.ts";
import { type Customer, makeCustomer } from "./seed-people.ts";
import type { LinePlan, OrderPlan, SubscriptionPlan } from "./seed-plans.ts";
import type { Random } from "./seed-random.ts";
import { seededReference } from "./seed-references.ts";
import type { ScaleSizes } from "./seed-sizes.ts";
import { planTrials, type TrialPlan } from "./seed-trials.ts";

export const yearsOfHistory = 3;
const year = 365.25 * 24 * 3_600_000;

export interface PlannedShop {
  now: number;
  start: number;
  customers: Customer[];
  orders: OrderPlan[];
  lines: LinePlan[];
  subscriptions: SubscriptionPlan[];
  trials: TrialPlan[];
}

/** How many orders each customer places: one each, the rest to a few (a long tail of loyal customers). */
export function orderBudgets(random: Random, customers: number, orders: number): number[] {
  const budgets = new Array<number>(customers).fill(1);
  for (let extra = orders - customers; extra > 0; extra--) {
    const lucky = Math.floor(customers * random.next() ** 1.6);
    budgets[lucky] = (budgets[lucky] ?? 1) + 1;
  }
  return budgets;
}

export function planShop(random: Random, sizes: ScaleSizes, now: number): PlannedShop {
  const start = now - yearsOfHistory * year;
  const customerCount = Math.min(sizes.customers, sizes.orders);
  const customers = Array.from({ length: customerCount }, (_, index) => makeCustomer(random, index));
  const history: History = { orders: [], lines: [], subscriptions: [] };
  const writer = historyWriter(random, now, history);
  let unplaced = 0;
  orderBudgets(random, customerCount, sizes.orders).forEach((budget, customer) => {
    // More customers lately (a shop that grows); the loyal ones, with many orders to place, came earlier.
    const arrival = start + Math.sqrt(random.next()) * (now - start) * Math.min(1, 4 / budget);
    unplaced += writer.customerHistory(customer, arrival, budget);
  });
  // Orders a history had no time for: one-off purchases of other lines, by anyone, at any time.
  while (unplaced > 0) {
    if (writer.oneOff(random.int(0, customerCount - 1), start + random.next() * (now - start))) unplaced--;
  }
  const trials = planTrials(random, sizes.trials, start, now, history.lines);
  number(history, now);
  return { now, start, customers, ...history, trials };
}

function byTime<T extends { createdAt: number }>(items: T[]): T[] {
  return items.sort((a, b) => a.createdAt - b.createdAt);
}

/** Ids in the order of creation, references from them, and the states that time decided. */
function number(history: History, now: number) {
  byTime(history.orders).forEach((order, index) => {
    order.id = index + 1;
    if (order.status === "fulfilled" && order.line && order.line.revokedAt === null && order.line.endsAt < now) {
      order.status = "expired";
      order.updatedAt = order.line.endsAt;
    }
  });
  byTime(history.lines).forEach((line, index) => {
    line.id = index + 1;
  });
  byTime(history.subscriptions).forEach((subscription, index) => {
    subscription.id = index + 1;
  });
  for (const order of history.orders) {
    if (order.line && order.renews === null && order.line.reference === "") order.line.reference = orderReference(order.id);
  }
}

export const orderReference = (id: number) => seededReference(ORDER_REFERENCE_PREFIX, id, 0x5eed);
