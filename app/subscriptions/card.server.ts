/** TEMP (the lead's file; a minimal stand-in): another card for the renewals. */
import type { Language } from "../../common/languages";
import type { Subscription } from "../../server/db/schema.ts";
import { updateSubscription } from "../../server/db/subscriptions.ts";
import type { ChargeRequest } from "../../server/payments/gateway.ts";
import type { Services } from "../services.server";

export async function cardUpdateUrl(
  { gateway }: Pick<Services, "gateway">,
  subscription: Subscription,
  returnUrl: string,
  language: Language,
): Promise<string> {
  if (gateway.kind !== "hosted" || !subscription.processor_customer_id) throw new Error("No processor page for this card");
  return gateway.cardUpdatePage(subscription.processor_customer_id, returnUrl, language);
}

export async function replaceTestCard(
  { db, gateway }: Pick<Services, "db" | "gateway">,
  subscription: Subscription,
  card: ChargeRequest["card"],
  now: Date = new Date(),
): Promise<Subscription> {
  if (gateway.kind !== "card") throw new Error("The configured gateway keeps no card");
  const saved = await gateway.saveCard(card);
  const change = { payment_method: saved.id, card_brand: saved.brand, card_last4: saved.last4 };
  const updated = await updateSubscription(db, subscription.id, change, {}, now);
  if (!updated) throw new Error(`Subscription ${subscription.id} has ended`);
  return updated;
}
