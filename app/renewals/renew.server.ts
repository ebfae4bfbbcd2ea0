/**
 * `/checkout?renew=<token>`, the "Renew" link of a reminder: the checkout opens with the plan, the viewers
 * and the customer's details of the order it names, never a card. The page always makes a fresh one-time
 * key, so renewing is a new order. A link that is expired or not ours opens the ordinary checkout, saying so.
 */
import type { Database } from "../../server/db/database.ts";
import { findOrderById } from "../../server/db/repositories.ts";
import { logger } from "../../server/logger.ts";
import { checkoutValuesOf } from "../checkout/order-values";
import type { FormValues } from "../checkout/schema";
import type { Services } from "../services.server";
import { linkKey, readRenewalToken } from "./links.server";

export type Renewal = { kind: "welcome"; values: FormValues } | { kind: "expired" };

export async function renewalFromToken(
  db: Database,
  token: string,
  now: Date = new Date(),
  key: Buffer | undefined = linkKey(),
): Promise<Renewal> {
  const claim = readRenewalToken(token, now, key);
  const order = claim ? await findOrderById(db, claim.orderId) : undefined;
  return order ? { kind: "welcome", values: checkoutValuesOf(order) } : { kind: "expired" };
}

/** For the checkout's loader: undefined when the database cannot answer (the form then simply opens empty). */
export async function renewCheckout(openServices: () => Promise<Services>, token: string): Promise<Renewal | undefined> {
  try {
    const { db } = await openServices();
    return await renewalFromToken(db, token);
  } catch (error) {
    logger.warn({ reason: (error as Error).message }, "Could not fill in the checkout from a renewal link");
    return undefined;
  }
}
