/**
 * End-to-end support for accesses: a customer who paid through the checkout (as a browser without JavaScript
 * posts it) and whose access was delivered, written straight into the server's database as delivery writes
 * it, ending when the test needs, and the reminder's Renew link for it.
 */
import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { deriveLinkKey, renewalToken } from "../../app/renewals/links.server.ts";
import { parseEncryptionKey, seal } from "../../server/admin/secret-box.ts";
import type { Customer } from "./checkout.ts";
import { runSql } from "./console.ts";
import { e2eServers } from "./servers.ts";
import { type Language, localized } from "./site.ts";
import { queryRows } from "./store.ts";

type Server = (typeof e2eServers)[keyof typeof e2eServers];

export interface DeliveredAccess {
  orderId: number;
  reference: string;
  accessId: number;
  endsAt: string;
}

const dayMs = 24 * 60 * 60_000;

/** The access details sealed with the server's key, as delivery stores them; null for none. */
const sealed = (details: Record<string, string> | undefined, server: Server) =>
  details ? seal(parseEncryptionKey(server.env.ACCESS_ENCRYPTION_KEY), JSON.stringify(details)) : null;

/** Paid (test gateway) and delivered, its access ending `days` days from now (expired when in the past). */
export async function deliveredAccess(
  request: APIRequestContext,
  details: Customer,
  days: number,
  {
    server = e2eServers.main,
    plan = "premium",
    details: access,
  }: { server?: Server; plan?: string; details?: Record<string, string> } = {},
): Promise<DeliveredAccess> {
  const form = { plan, viewers: "2", idempotencyKey: randomUUID(), ...details };
  const answer = await request.post(`${server.url}/checkout`, { form, headers: { Origin: server.url } });
  if (!answer.ok()) throw new Error(`The checkout answered ${answer.status()}`);
  const now = new Date().toISOString();
  const endsAt = new Date(Date.now() + days * dayMs).toISOString();
  const { email } = details;
  runSql(
    "UPDATE orders SET status = ?, access_starts_at = ?, access_ends_at = ? WHERE email = ?",
    [days > 0 ? "fulfilled" : "expired", now, endsAt, email],
    server,
  );
  runSql(
    `INSERT INTO accesses (reference, email, plan_key, viewers, status, details, starts_at, ends_at, created_at, updated_at)
     SELECT reference, lower(email), plan_key, viewers, ?, ?, ?, ?, ?, ? FROM orders WHERE email = ?`,
    [days > 0 ? "active" : "expired", sealed(access, server), now, endsAt, now, now, email],
    server,
  );
  runSql(
    "UPDATE orders SET access_id = (SELECT id FROM accesses WHERE accesses.reference = orders.reference) WHERE email = ?",
    [email],
    server,
  );
  const [row] = queryRows<{ id: number; reference: string; access_id: number }>(
    "SELECT id, reference, access_id FROM orders WHERE email = ?",
    [email],
    server,
  );
  if (!row) throw new Error("The order was not recorded");
  return { orderId: row.id, reference: row.reference, accessId: row.access_id, endsAt };
}

/** The reminder mail's Renew link for the order, in the language, signed with the server's key. */
export function renewLink(access: DeliveredAccess, language: Language, server: Server = e2eServers.main): string {
  const key = deriveLinkKey(parseEncryptionKey(server.env.ACCESS_ENCRYPTION_KEY));
  return `${server.url}${localized(language, "/checkout")}?renew=${renewalToken(access.orderId, new Date(), key)}`;
}

export const accessRow = (access: DeliveredAccess, server: Server = e2eServers.main) =>
  queryRows<{ status: string; ends_at: string; revoke_reason: string | null }>(
    "SELECT status, ends_at, revoke_reason FROM accesses WHERE id = ?",
    [access.accessId],
    server,
  )[0];

/** The order that renewed the access last. */
export const renewalOf = (access: DeliveredAccess, server: Server = e2eServers.main) =>
  queryRows<{ id: number; reference: string; status: string; access_id: number | null; access_starts_at: string; access_ends_at: string }>(
    "SELECT id, reference, status, access_id, access_starts_at, access_ends_at FROM orders WHERE renews_access_id = ? ORDER BY id DESC",
    [access.accessId],
    server,
  )[0];
