/**
 * Who may have a free trial (docs/decisions/0026-free-trials.md): one per mailbox ever, whatever its spelling
 * (common/canonical-email.ts); none for an e-mail that paid; one per connection (an IPv6 client's /64) in 30
 * days. The mailbox is held by a unique index on confirmed trials, the connection by a row of its own that a
 * confirmation claims with one conditional upsert: two servers confirming at once cannot both pass, as they
 * could when each read the earlier trials and then wrote its own.
 */
import { sql } from "kysely";
import { canonicalEmail } from "../../common/canonical-email.ts";
import type { Database } from "./database.ts";
import { clientKey } from "./limit-keys.ts";
import { normalizeEmail } from "./newsletter.ts";

/** One trial per connection in this long (counted from each trial's confirmation). */
export const TRIAL_ADDRESS_WINDOW_MS = 30 * 24 * 60 * 60_000;
/** Orders that mean the address has paid: it gets no trial. */
export const PAID_ORDER_STATUSES = ["paid", "fulfilled", "expired", "refunded"] as const;

/**
 * Why an address may not have a trial: `used` when the mailbox had a trial or the e-mail paid an order (one
 * answer for both), `address` when the connection had one within 30 days.
 */
export type TrialRefusal = "used" | "address";

/** A connection's key in `trial_connections`: the hash of its network (an IPv6 client's /64), so it holds no address. */
const connectionKey = (address: string) => clientKey("trial-connection", address);

const since = (now: Date) => new Date(now.getTime() - TRIAL_ADDRESS_WINDOW_MS).toISOString();

export async function trialRefusal(
  db: Database,
  { email, clientAddress }: { email: string; clientAddress: string | null },
  now: Date = new Date(),
  exceptId = 0,
): Promise<TrialRefusal | undefined> {
  if (await mailboxRefusal(db, email, exceptId)) return "used";
  return clientAddress === null ? undefined : connectionRefusal(db, clientAddress, now);
}

/**
 * `used` when the mailbox had a trial or the e-mail paid. Both reads, whatever the first finds: the trial's form
 * does the same work for every address (app/trial/request.server.ts).
 */
export async function mailboxRefusal(db: Database, email: string, exceptId = 0): Promise<"used" | undefined> {
  const mailbox = canonicalEmail(email);
  const trial = await db
    .selectFrom("trials")
    .select("id")
    .where("email_key", "=", mailbox)
    .where(sql<boolean>`${sql.ref("status")} <> 'requested'`)
    .where("id", "<>", exceptId)
    .executeTakeFirst();
  // Orders keep the e-mail as typed: the address itself, and the mailbox's plain spelling (a payer's
  // `jane@gmail.com` when `j.ane+free@gmail.com` asks), on the index of `lower(email)`.
  const order = await db
    .selectFrom("orders")
    .select("id")
    .where(sql<string>`lower(${sql.ref("email")})`, "in", [...new Set([normalizeEmail(email), mailbox])])
    .where("status", "in", PAID_ORDER_STATUSES)
    .limit(1)
    .executeTakeFirst();
  return trial || order ? "used" : undefined;
}

/** `address` when the client's connection had a trial in the last 30 days: the same answer for any e-mail. */
export async function connectionRefusal(db: Database, clientAddress: string, now: Date = new Date()): Promise<"address" | undefined> {
  const connection = await db
    .selectFrom("trial_connections")
    .select("network_key")
    .where("network_key", "=", connectionKey(clientAddress))
    .where("confirmed_at", ">", since(now))
    .executeTakeFirst();
  return connection ? "address" : undefined;
}

/**
 * Claims the connections a trial is confirmed from, inside the confirmation's transaction: false when one had
 * a trial in the last 30 days (then the transaction must be rolled back). Each claim is one upsert that updates
 * only an old row, so of two confirmations at once the second waits for the first and finds the row taken.
 */
export async function claimTrialConnections(transaction: Database, addresses: string[], now: Date): Promise<boolean> {
  for (const key of new Set(addresses.map(connectionKey))) {
    const claimed = await transaction
      .insertInto("trial_connections")
      .values({ network_key: key, confirmed_at: now.toISOString() })
      .onConflict((conflict) =>
        conflict
          .column("network_key")
          .doUpdateSet({ confirmed_at: now.toISOString() })
          .where("trial_connections.confirmed_at", "<=", since(now)),
      )
      .returning("network_key")
      .executeTakeFirst();
    if (!claimed) return false;
  }
  return true;
}

/** Deletes the connections whose 30 days are over; how many went. */
export async function pruneTrialConnections(db: Database, now: Date): Promise<number> {
  const result = await db.deleteFrom("trial_connections").where("confirmed_at", "<=", since(now)).executeTakeFirst();
  return Number(result.numDeletedRows);
}
