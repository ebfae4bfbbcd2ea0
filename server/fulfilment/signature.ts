/**
 * How the provisioning system knows a request comes from this shop: an HMAC-SHA256 of the timestamp and the
 * exact body with the shared FULFILMENT_WEBHOOK_SECRET, in the same `t=…,v1=…` form Stripe uses, so receivers
 * can reuse code they already trust. The timestamp is signed too, so a captured request cannot be replayed
 * later (the receiver refuses old ones); examples/verify-fulfilment-signature.mjs is the receiver's side.
 */
import { createHmac } from "node:crypto";

export const SIGNATURE_HEADER = "Webhook-Signature";

export function signFulfilment(secret: string, rawBody: string, timestampSeconds: number): string {
  const t = Math.floor(timestampSeconds);
  const v1 = createHmac("sha256", secret).update(`${t}.${rawBody}`, "utf8").digest("hex");
  return `t=${t},v1=${v1}`;
}
