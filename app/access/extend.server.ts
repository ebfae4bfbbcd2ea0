/**
 * A paid renewal, done: its access was extended when it was paid, and the line in the provisioning system's
 * panel is now extended too, by the operator's hand or by the system itself. The renewal becomes fulfilled
 * once: only a paid renewal moves, so two tabs, or a tab and the system, extend once.
 */
import { recordOperatorAction } from "../../server/admin/operator-action.ts";
import { open, seal } from "../../server/admin/secret-box.ts";
import { markRenewalExtended, replaceAccessDetails } from "../../server/db/accesses.ts";
import type { Database } from "../../server/db/database.ts";
import { recordOrderEvent } from "../../server/db/order-events.ts";
import type { Access, Operator, Order } from "../../server/db/schema.ts";
import type { AccessDetails } from "../../server/mail/access-mail.ts";
import { type FulfilServices, PROVISIONING_ACTOR, sealingKey } from "./deliver.server";
import { queueRenewalMail } from "./renewal-mail.server";

/** The details as sealed now, or undefined when they cannot be read (another key): then any typed ones replace them. */
function currentDetails(key: Buffer, sealed: string | null): string | undefined {
  if (!sealed) return undefined;
  try {
    return open(key, sealed);
  } catch {
    return undefined;
  }
}

/**
 * By hand, without a provisioning system: the operator extended the same line in their panel. The details
 * are stored again (sealed) only if the operator changed them; the renewal becomes fulfilled and the customer
 * is mailed the new end, in one transaction. False when the renewal was extended already.
 */
export async function extendByHand(
  services: FulfilServices,
  order: Order,
  access: Access,
  details: AccessDetails,
  by: { operator: Pick<Operator, "id" | "email">; address: string },
  now: Date = new Date(),
): Promise<boolean> {
  const key = sealingKey(services);
  const typed = JSON.stringify(details);
  const changed = currentDetails(key, access.details) !== typed;
  const done = await services.db.transaction().execute(async (transaction) => {
    const extended = await markRenewalExtended(transaction, order.id, now);
    if (!extended) return false;
    if (changed) await replaceAccessDetails(transaction, access.id, seal(key, typed), now);
    await queueRenewalMail(transaction, "extended", extended, access, now);
    const recorded = { access: access.reference, endsAt: access.ends_at, detailsChanged: changed };
    await recordOperatorAction(transaction, by.operator, order, { name: "extend", event: "extended", details: recorded }, by.address, now);
    return true;
  });
  if (done) services.wakeMail();
  return done;
}

/**
 * By the provisioning system, which answered `access.extended` with a 2xx: the renewal is fulfilled, on the
 * timeline under the system's name. Call in the transaction that records the answer.
 */
export async function extendByProvisioning(
  db: Database,
  order: Pick<Order, "id" | "access_ends_at">,
  access: Pick<Access, "reference">,
  now: Date = new Date(),
): Promise<void> {
  if (!(await markRenewalExtended(db, order.id, now))) return;
  const details = { access: access.reference, endsAt: order.access_ends_at };
  await recordOrderEvent(db, { orderId: order.id, type: "extended", actor: PROVISIONING_ACTOR, details }, now);
}
