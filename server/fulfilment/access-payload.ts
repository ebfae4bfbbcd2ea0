/**
 * What the provisioning system is told about an access it already has (it created the line on `order.paid`):
 * `access.extended` when a renewal is paid (the same line runs longer), `access.revoked` when a full refund or
 * a payment dispute ends it. A public contract documented in docs/operating.md ("Automatic delivery"), like
 * `order.paid`'s: add fields, never rename or remove one.
 */
import { site } from "../../content/site.ts";
import type { Access, Order } from "../db/schema.ts";

export const ACCESS_EVENT_TYPES = ["access.extended", "access.revoked"] as const;
export type AccessEventType = (typeof ACCESS_EVENT_TYPES)[number];

export interface AccessEvent {
  /**
   * The same for every attempt, so the receiver can drop a repeat: the renewal order's reference for
   * `access.extended`, `<access id>.revoked` for `access.revoked`.
   */
  id: string;
  type: AccessEventType;
  /** Unix seconds. */
  created: number;
  access: {
    /** The line's id for the provisioning system: the reference of the order that created it (order.paid's). */
    id: string;
    status: Access["status"];
    plan: { key: string; name: string; periodMonths: number };
    viewers: number;
    /** ISO-8601 UTC: when the line ends now (after every renewal paid so far). */
    endsAt: string;
    customer: { email: string };
  };
  /** The order behind the event: the renewal that was paid, or the order refunded or disputed. */
  order: {
    reference: string;
    /** `access.extended`: the period this renewal paid (ISO-8601 UTC). */
    period?: { startsAt: string; endsAt: string };
  };
  /** `access.revoked` only: why (`refund` or `dispute`) and when. */
  revoked?: { reason: string; at: string };
}

export function accessEvent(
  type: AccessEventType,
  access: Access,
  order: Pick<Order, "reference" | "access_starts_at" | "access_ends_at">,
  now: Date,
): AccessEvent {
  const plan = site.plans.find((candidate) => candidate.key === access.plan_key);
  if (!plan) throw new Error(`Access ${access.reference} has an unknown plan ${JSON.stringify(access.plan_key)}`);
  const period =
    type === "access.extended" && order.access_starts_at && order.access_ends_at
      ? { period: { startsAt: order.access_starts_at, endsAt: order.access_ends_at } }
      : {};
  return {
    id: type === "access.extended" ? order.reference : `${access.reference}.revoked`,
    type,
    created: Math.floor(now.getTime() / 1000),
    access: {
      id: access.reference,
      status: access.status,
      plan: { key: plan.key, name: plan.name, periodMonths: plan.months },
      viewers: access.viewers,
      endsAt: access.ends_at,
      customer: { email: access.email },
    },
    order: { reference: order.reference, ...period },
    ...(type === "access.revoked" && { revoked: { reason: access.revoke_reason ?? "refund", at: access.revoked_at ?? access.updated_at } }),
  };
}
