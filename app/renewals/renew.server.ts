/**
 * `/checkout?renew=<token>`, the "Renew" link of a reminder: the checkout opens with the plan, the viewers
 * and the customer's details of the order it names, never a card. The page always makes a fresh one-time
 * key, so renewing is a new order. A link that is expired or not ours opens the ordinary checkout, saying so.
 */
import type { Database } from "../../server/db/database.ts";
import { findOrderById } from "../../server/db/repositories.ts";
import type { Order } from "../../server/db/schema.ts";
import { logger } from "../../server/logger.ts";
import type { FormValues } from "../checkout/schema";
import { findPlan } from "../content/plans";
import { getServices } from "../services.server";
import { linkKey, readRenewalToken } from "./links.server";

export type Renewal = { kind: "welcome"; values: FormValues } | { kind: "expired" };

/** The order's choices and the customer's details, as the checkout form names them. */
function renewalValues(order: Order): FormValues {
  return {
    // A plan the shop no longer sells is left out: the form then offers its default.
    plan: findPlan(order.plan_key)?.key,
    viewers: String(order.viewers),
    firstName: order.first_name,
    lastName: order.last_name,
    email: order.email,
    phone: order.phone,
    country: order.country,
    city: order.city,
    postalCode: order.postal_code,
    address: order.address,
  };
}

export async function renewalFromToken(
  db: Database,
  token: string,
  now: Date = new Date(),
  key: Buffer | undefined = linkKey(),
): Promise<Renewal> {
  const claim = readRenewalToken(token, now, key);
  const order = claim ? await findOrderById(db, claim.orderId) : undefined;
  return order ? { kind: "welcome", values: renewalValues(order) } : { kind: "expired" };
}

/** For the checkout's loader: undefined when the database cannot answer (the form then simply opens empty). */
export async function renewCheckout(token: string): Promise<Renewal | undefined> {
  try {
    const { db } = await getServices();
    return await renewalFromToken(db, token);
  } catch (error) {
    logger.warn({ reason: (error as Error).message }, "Could not fill in the checkout from a renewal link");
    return undefined;
  }
}
