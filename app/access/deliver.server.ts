/**
 * Delivering a paid order: its access is created with the details sealed, by the operator's hand (the
 * console) or from the provisioning system's answer. A free trial is delivered the same way
 * (deliver-trial.server.ts).
 */
import { recordOperatorAction } from "../../server/admin/operator-action.ts";
import { seal } from "../../server/admin/secret-box.ts";
import { markOrderDelivered } from "../../server/db/accesses.ts";
import { orderMailLanguage } from "../../server/db/customer-preferences.ts";
import { recordOrderEvent } from "../../server/db/order-events.ts";
import type { Operator, Order } from "../../server/db/schema.ts";
import { accessPeriod } from "../../server/fulfilment/payload.ts";
import { type AccessDetails, AFTER_SALE_MAIL_KINDS, renderAccessMail } from "../../server/mail/access-mail.ts";
import { queueMail } from "../../server/mail/mail-job.ts";
import type { Services } from "../services.server";
import { scheduleAccessJobs } from "./schedule.server";
import { linkSubscriptionAccess } from "./subscription-link.server";

/**
 * What delivering needs: the database, the job runner to wake for the access mail, and the key that seals
 * the details (null: refuse, never plaintext).
 */
export type FulfilServices = Pick<Services, "db" | "wakeMail"> & { accessKey: Buffer | null };

/** The timeline's actor for a step the provisioning system took: a delivery, an extension. */
export const PROVISIONING_ACTOR = "provisioning";

/**
 * Who delivered. An operator is audited too, with where they were; the shop's own automation
 * ({@link PROVISIONING_ACTOR}) only leaves its name on the timeline.
 */
export type DeliveryActor = string | { operator: Pick<Operator, "id" | "email">; address: string };

/** The key the details are sealed with: without one nothing is delivered, as details are never stored in plaintext. */
export function sealingKey(services: FulfilServices): Buffer {
  if (!services.accessKey) throw new Error("ACCESS_ENCRYPTION_KEY is not set: access details are never stored unencrypted");
  return services.accessKey;
}

/**
 * Fulfils a paid order with its access details: sealed, the order fulfilled for its period (plan months,
 * calendar months, from now), the access jobs scheduled and the sealed "Your access" mail queued, all in one
 * transaction. Only a paid order moves, so two deliveries at once (two tabs, a tab and the provisioning
 * system) deliver once: the other gets undefined. The details are never logged; the timeline and the audit
 * log only learn the period.
 */
export async function fulfilOrder(
  services: FulfilServices,
  order: Order,
  details: AccessDetails,
  actor: DeliveryActor,
  now: Date = new Date(),
): Promise<Order | undefined> {
  const key = sealingKey(services);
  const period = accessPeriod(order, now);
  const sealedDetails = seal(key, JSON.stringify(details));
  const language = await orderMailLanguage(services.db, order);
  const mail = renderAccessMail({ reference: order.reference, firstName: order.first_name, details, ...period }, language);

  const delivered = await services.db.transaction().execute(async (transaction) => {
    const updated = await markOrderDelivered(transaction, order.id, { sealedDetails, ...period }, now);
    if (!updated) return undefined;
    // A first purchase with automatic renewal: its subscription renews the access made now.
    if (updated.access_id !== null) await linkSubscriptionAccess(transaction, updated.id, updated.access_id, period.endsAt, now);
    await scheduleAccessJobs(transaction, { id: updated.access_id ?? 0 }, period.endsAt, now);
    // The mail carries the details: it is stored sealed too, and opened only to be sent.
    const message = { kind: AFTER_SALE_MAIL_KINDS.access, to: order.email, ...mail, orderId: order.id, sealWith: key };
    await queueMail(transaction, message, now);
    const range = { startsAt: period.startsAt.toISOString(), endsAt: period.endsAt.toISOString() };
    if (typeof actor === "string") {
      await recordOrderEvent(transaction, { orderId: order.id, type: "delivered", actor, details: range }, now);
    } else {
      const action = { name: "deliver", event: "delivered", details: range } as const;
      await recordOperatorAction(transaction, actor.operator, order, action, actor.address, now);
    }
    return updated;
  });
  if (delivered) services.wakeMail();
  return delivered;
}
