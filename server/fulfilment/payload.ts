/**
 * What the provisioning system is told about a paid order: enough to create the account (plan, period,
 * viewers, who), nothing about the payment. The shape is a public contract documented in docs/operating.md
 * ("Automatic delivery"): add fields, never rename or remove one.
 */

import { addCalendarMonths } from "../../common/access-period.ts";
import { type Plan, site } from "../../content/site.ts";
import type { Order } from "../db/schema.ts";

export const PAID_EVENT_TYPE = "order.paid";

export interface FulfilmentEvent {
  /** The order's reference: the same for every attempt, so the receiver can drop a repeat. */
  id: string;
  type: typeof PAID_EVENT_TYPE;
  /** Unix seconds. */
  created: number;
  order: {
    reference: string;
    plan: { key: string; name: string; periodMonths: number };
    viewers: number;
    customer: { email: string; firstName: string; lastName: string; language: string };
    /** ISO-8601 UTC: the period the shop records when the answer carries the details. */
    access: { startsAt: string; endsAt: string };
  };
}

export type FulfilmentOrder = Pick<Order, "reference" | "plan_key" | "viewers" | "email" | "first_name" | "last_name" | "language">;

function planOf(order: Pick<Order, "reference" | "plan_key">): Plan {
  const plan = site.plans.find((candidate) => candidate.key === order.plan_key);
  if (!plan) throw new Error(`Order ${order.reference} has an unknown plan ${JSON.stringify(order.plan_key)}`);
  return plan;
}

/** From the delivery, for the plan's calendar months: the same period the console gives. */
export function accessPeriod(order: Pick<Order, "reference" | "plan_key">, startsAt: Date): { startsAt: Date; endsAt: Date } {
  return { startsAt, endsAt: addCalendarMonths(startsAt, planOf(order).months) };
}

export function paidOrderEvent(order: FulfilmentOrder, now: Date): FulfilmentEvent {
  const plan = planOf(order);
  const period = accessPeriod(order, now);
  return {
    id: order.reference,
    type: PAID_EVENT_TYPE,
    created: Math.floor(now.getTime() / 1000),
    order: {
      reference: order.reference,
      plan: { key: plan.key, name: plan.name, periodMonths: plan.months },
      viewers: order.viewers,
      customer: { email: order.email, firstName: order.first_name, lastName: order.last_name, language: order.language },
      access: { startsAt: period.startsAt.toISOString(), endsAt: period.endsAt.toISOString() },
    },
  };
}
