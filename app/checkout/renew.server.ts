/**
 * `/checkout?renew=<token>`, the "Renew" link of a reminder and of the account: the checkout opens with the
 * plan, the viewers and the customer's details of the order it names, never a card, marked as a renewal of
 * that order's access (the form carries the signed token back, and the checkout's action checks it again).
 * The page always makes a fresh one-time key, so renewing is a new order. A link that is expired or not ours
 * opens the ordinary checkout, saying so, as does one whose customer has since deleted their account; an access
 * that can no longer be renewed (revoked, or ended more than RENEWAL_GRACE_DAYS ago) opens it as a new purchase
 * with the details filled in.
 */
import { type RenewalRefusal, renewalRefusal } from "../../common/access-period.ts";
import { isErasedAddress } from "../../server/customer-data/erasure-plan.ts";
import { findAccessById } from "../../server/db/accesses.ts";
import type { Database } from "../../server/db/database.ts";
import { findOrderById } from "../../server/db/repositories.ts";
import type { Access, Order } from "../../server/db/schema.ts";
import { logger } from "../../server/logger.ts";
import { linkKey, readRenewalToken } from "../renewals/links.server";
import type { Services } from "../services.server";
import { checkoutValuesOf } from "./order-values";
import type { FormValues } from "./schema";

export type Renewal =
  /** A renewal of `access`: the form carries `token`. Without `access`, the order had none: a new purchase. */
  | { kind: "welcome"; values: FormValues; token?: string; access?: { reference: string; endsAt: string } }
  | { kind: "expired" }
  | { kind: RenewalRefusal; values: FormValues };

/** What a renew token stands for now: the order it names and that order's access, if it may be renewed. */
export type RenewalClaim =
  | { ok: true; order: Order; access: Access }
  | { ok: false; order?: Order; refusal: RenewalRefusal | "invalid" | "no-access" };

export async function claimRenewal(
  db: Database,
  token: unknown,
  now: Date = new Date(),
  key: Buffer | undefined = linkKey(),
): Promise<RenewalClaim> {
  const claim = readRenewalToken(token, now, key);
  const found = claim ? await findOrderById(db, claim.orderId) : undefined;
  // An erased customer's order is kept for accounting only: a link mailed before the erasure dies with it.
  const order = found && !isErasedAddress(found.email) ? found : undefined;
  if (!order) return { ok: false, refusal: "invalid" };
  const accessId = order.access_id ?? order.renews_access_id;
  const access = accessId ? await findAccessById(db, accessId) : undefined;
  if (!access) return { ok: false, order, refusal: "no-access" };
  const refusal = renewalRefusal({ status: access.status, endsAt: access.ends_at }, now);
  return refusal ? { ok: false, order, refusal } : { ok: true, order, access };
}

export async function renewalFromToken(
  db: Database,
  token: string,
  now: Date = new Date(),
  key: Buffer | undefined = linkKey(),
): Promise<Renewal> {
  const claim = await claimRenewal(db, token, now, key);
  if (claim.ok) {
    // The access's plan and viewers now (a later renewal may have changed them); the details of the order.
    const values = { ...checkoutValuesOf(claim.order), plan: claim.access.plan_key, viewers: String(claim.access.viewers) };
    return { kind: "welcome", values, token, access: { reference: claim.access.reference, endsAt: claim.access.ends_at } };
  }
  if (!claim.order) return { kind: "expired" };
  const values = checkoutValuesOf(claim.order);
  return claim.refusal === "revoked" || claim.refusal === "too-late" ? { kind: claim.refusal, values } : { kind: "welcome", values };
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
