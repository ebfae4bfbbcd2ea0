import { isErasedAddress } from "../../server/customer-data/erasure-plan.ts";
import { findOrderByIdempotencyKey } from "../../server/db/repositories.ts";
import { logger } from "../../server/logger.ts";
import type { Services } from "../services.server";
import { checkoutValuesOf } from "./order-values";
import type { FormValues } from "./schema";
import { settleOrder } from "./settle-order.server";

export type Resumed = { kind: "form"; values: FormValues } | { kind: "settled"; location: string };

/**
 * How long after its order a resume link works. It is the way back from the processor's page, whose session
 * lasts an hour (server/payments/stripe-checkout.ts), and from the failed payment's page: twice that covers a
 * visitor who comes back from a session left open to its end. Past it the link opens the empty checkout, so
 * an address in the browser's history, or a shared one, no longer shows the customer's address and phone.
 */
export const RESUME_LINK_LIFETIME_MS = 2 * 60 * 60_000;

/**
 * The visitor came back from the processor's page without paying (its "back" link carries the order's
 * one-time key). Their session there is ended, so it can no longer be paid in another tab, and the order
 * fails as abandoned; the checkout opens again with everything they typed. If they did pay after all, they
 * are sent to the return page (`returnPage`, in their language) instead. An expired link, or one whose
 * customer has since deleted their account, resumes nothing.
 */
export async function resumeCheckout(
  openServices: () => Promise<Services>,
  idempotencyKey: string,
  returnPage: string,
  now: Date = new Date(),
): Promise<Resumed | undefined> {
  try {
    const services = await openServices();
    let order = await findOrderByIdempotencyKey(services.db, idempotencyKey);
    if (!order || isErasedAddress(order.email)) return undefined;
    if (now.getTime() - Date.parse(order.created_at) > RESUME_LINK_LIFETIME_MS) return undefined;
    const { gateway } = services;
    if (order.status === "pending" && gateway.kind === "hosted" && order.payment_session_id) {
      await gateway.expire(order.payment_session_id);
      order = await settleOrder(services, order);
    }
    if (order.payment_session_id && order.status !== "pending" && order.status !== "failed") {
      return { kind: "settled", location: gateway.returnUrl(returnPage, order.payment_session_id) };
    }
    // The box beside Pay as it was sent: back from the processor's page, it is ticked or not as the visitor left it.
    return { kind: "form", values: { ...checkoutValuesOf(order), renewAutomatically: order.renews_automatically ? "on" : "off" } };
  } catch (error) {
    // The form still opens, empty: better than no checkout at all.
    logger.warn({ reason: (error as Error).message }, "Could not restore a checkout after the payment page");
    return undefined;
  }
}
