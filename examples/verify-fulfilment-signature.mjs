/**
 * Checks the `Webhook-Signature` header of a request from the shop's automatic delivery: copy this file into
 * your provisioning system (it needs nothing but Node.js). Verify the raw body exactly as received, before
 * parsing it: re-serialised JSON would not match.
 *
 * Usage, with node:http:
 *
 *   import { createServer } from "node:http";
 *   import { verifyFulfilmentSignature } from "./verify-fulfilment-signature.mjs";
 *
 *   createServer((request, response) => {
 *     const chunks = [];
 *     request.on("data", (chunk) => chunks.push(chunk));
 *     request.on("end", () => {
 *       const body = Buffer.concat(chunks).toString("utf8");
 *       if (!verifyFulfilmentSignature(request.headers["webhook-signature"], body, process.env.FULFILMENT_WEBHOOK_SECRET)) {
 *         response.writeHead(401).end();
 *         return;
 *       }
 *       const event = JSON.parse(body); // drop it if you have seen request.headers["webhook-id"] before
 *       // …create the account for event.order, then answer its details (or just 202 to deliver by hand):
 *       response.writeHead(200, { "Content-Type": "application/json" });
 *       response.end(JSON.stringify({ access: { username: "…", password: "…", serverUrl: "https://…", playlistUrl: "https://…" } }));
 *     });
 *   }).listen(8080);
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * True when `header` (`t=<unix seconds>,v1=<hex>[,v1=<hex>…]`) signs `rawBody` with `secret` and its
 * timestamp is within `toleranceSeconds` of now: an old request replayed by someone who captured it fails.
 * Several `v1` are accepted so the secret can be changed without refusing requests signed a moment before.
 */
export function verifyFulfilmentSignature(header, rawBody, secret, toleranceSeconds = 300, nowSeconds = Date.now() / 1000) {
  if (typeof header !== "string" || typeof rawBody !== "string" || typeof secret !== "string" || secret === "") return false;
  let timestamp;
  const signatures = [];
  for (const part of header.split(",")) {
    const [name, value, extra] = part.trim().split("=");
    if (extra !== undefined || value === undefined) return false;
    if (name === "t") {
      if (timestamp !== undefined || !/^\d{1,12}$/.test(value)) return false;
      timestamp = Number(value);
    } else if (name === "v1" && /^[0-9a-f]{64}$/.test(value)) {
      signatures.push(Buffer.from(value, "hex"));
    }
  }
  if (timestamp === undefined || signatures.length === 0) return false;
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;

  const expected = createHmac("sha256", secret).update(`${timestamp}.${rawBody}`, "utf8").digest();
  // Constant time, so the answer's timing tells an attacker nothing about how close a guess was.
  return signatures.some((signature) => signature.length === expected.length && timingSafeEqual(signature, expected));
}
