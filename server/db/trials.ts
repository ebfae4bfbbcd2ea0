/**
 * Free trials (trials-schema.ts; docs/decisions/0026-free-trials.md): the request with its mailed code, the
 * limits, and each step of a trial's life. The code is the account's (sign-in-secrets.ts): a salted hash, 15
 * minutes, void after the fifth wrong one, each attempt counted by a conditional update before the
 * comparison, so a burst of guesses on any number of servers never gets past five.
 */
import { sql } from "kysely";
import { canonicalEmail } from "../../common/canonical-email.ts";
import { MAX_WRONG_CODES, SIGN_IN_VALID_MS } from "./customer-sign-ins.ts";
import type { Database } from "./database.ts";
import { type KeysetPage, type PagePosition, readPage } from "./keyset.ts";
import { normalizeEmail } from "./newsletter.ts";
import { newOrderReference } from "./orders.ts";
import type { Trial, TrialStatus } from "./schema.ts";
import { codeMatches, hashedSecrets, newSecrets } from "./sign-in-secrets.ts";
import { claimTrialConnections, pruneTrialConnections, TRIAL_ADDRESS_WINDOW_MS, type TrialRefusal, trialRefusal } from "./trial-limits.ts";
import type { TrialListState } from "./trials-schema.ts";

export const TRIAL_REFERENCE_PREFIX = "TR";
/** A request never confirmed is deleted this long after its code expired. */
export const UNCONFIRMED_KEPT_MS = 24 * 60 * 60_000;

export {
  connectionRefusal,
  mailboxRefusal,
  PAID_ORDER_STATUSES,
  TRIAL_ADDRESS_WINDOW_MS,
  type TrialRefusal,
  trialRefusal,
} from "./trial-limits.ts";

export interface TrialRequest {
  email: string;
  name: string;
  country: string;
  language: string;
  clientAddress: string;
  hours: number;
  viewers: Trial["viewers"];
}

/**
 * Records a request and returns it with its code, the one the mail will carry. An earlier request of the same
 * address, never confirmed, is deleted: only the newest mail's code works.
 */
export async function recordTrialRequest(
  db: Database,
  request: TrialRequest,
  now: Date = new Date(),
): Promise<{ trial: Trial; code: string }> {
  const at = now.toISOString();
  const email = normalizeEmail(request.email);
  const { code } = newSecrets();
  const record = async (transaction: Database) => {
    await transaction.deleteFrom("trials").where("email", "=", email).where("status", "=", "requested").execute();
    const trial = await transaction
      .insertInto("trials")
      .values({
        reference: newOrderReference(TRIAL_REFERENCE_PREFIX),
        email,
        email_key: canonicalEmail(email),
        name: request.name,
        country: request.country,
        language: request.language,
        client_address: request.clientAddress,
        status: "requested",
        code_hash: hashedSecrets({ token: "", code }).code_hash,
        wrong_codes: 0,
        code_expires_at: new Date(now.getTime() + SIGN_IN_VALID_MS).toISOString(),
        hours: request.hours,
        viewers: request.viewers,
        access_id: null,
        confirmed_at: null,
        delivered_at: null,
        ends_at: null,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { trial, code };
  };
  return db.isTransaction ? record(db) : db.transaction().execute(record);
}

export type TrialCodeCheck =
  | { result: "confirmed"; trial: Trial }
  | { result: "wrong"; triesLeft: number }
  | { result: "void" }
  /** No request waiting for a code: expired, replaced by a newer one, or never made. */
  | { result: "over" }
  /** The right code, but the address or the client address got a trial (or paid) meanwhile. */
  | { result: "refused"; reason: TrialRefusal };

/** Checks the code of the address's newest request and, when it is right, confirms the trial. */
export async function confirmTrialWithCode(
  db: Database,
  { email, code, clientAddress }: { email: string; code: string; clientAddress: string },
  now: Date = new Date(),
): Promise<TrialCodeCheck> {
  const at = now.toISOString();
  const trial = await db
    .selectFrom("trials")
    .selectAll()
    .where("email", "=", normalizeEmail(email))
    .where("status", "=", "requested")
    .where("code_expires_at", ">", at)
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!trial?.code_hash) return { result: "over" };
  const counted = await db
    .updateTable("trials")
    .set({ wrong_codes: sql`wrong_codes + 1`, updated_at: at })
    .where("id", "=", trial.id)
    .where("status", "=", "requested")
    .where("wrong_codes", "<", MAX_WRONG_CODES)
    .returning("wrong_codes")
    .executeTakeFirst();
  if (!counted) return { result: trial.wrong_codes >= MAX_WRONG_CODES ? "void" : "over" };
  if (!codeMatches(trial.code_hash, code)) {
    const wrong = Number(counted.wrong_codes);
    return wrong >= MAX_WRONG_CODES ? { result: "void" } : { result: "wrong", triesLeft: MAX_WRONG_CODES - wrong };
  }
  // Checked again: a purchase or another trial may have come between the request and its code.
  const refusal = await trialRefusal(db, { email: trial.email, clientAddress }, now, trial.id);
  if (refusal) return { result: "refused", reason: refusal };
  try {
    return await db.transaction().execute(async (transaction) => {
      // The connections it was asked from and confirmed from, claimed with the confirmation or not at all.
      const addresses = [clientAddress, trial.client_address].filter((address): address is string => Boolean(address));
      if (!(await claimTrialConnections(transaction, addresses, now))) throw new TrialRefused("address");
      const confirmed = await transaction
        .updateTable("trials")
        .set({ status: "confirmed", code_hash: null, wrong_codes: sql`wrong_codes - 1`, confirmed_at: at, updated_at: at })
        .where("id", "=", trial.id)
        .where("status", "=", "requested")
        .returningAll()
        .executeTakeFirst();
      if (!confirmed) throw new TrialRefused("over");
      return { result: "confirmed", trial: confirmed } as const;
    });
  } catch (error) {
    if (error instanceof TrialRefused) return error.reason === "over" ? { result: "over" } : { result: "refused", reason: error.reason };
    // The unique index on confirmed mailboxes: another request of the mailbox was confirmed at the same moment.
    if (await trialRefusal(db, { email: trial.email, clientAddress: null }, now, trial.id)) return { result: "refused", reason: "used" };
    throw error;
  }
}

/** Thrown inside the confirmation's transaction to roll it back, saying why. */
class TrialRefused extends Error {
  readonly reason: TrialRefusal | "over";
  constructor(reason: TrialRefusal | "over") {
    super(`trial not confirmed: ${reason}`);
    this.reason = reason;
  }
}

export async function findTrialById(db: Database, id: number): Promise<Trial | undefined> {
  return db.selectFrom("trials").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findTrialByReference(db: Database, reference: string): Promise<Trial | undefined> {
  return db.selectFrom("trials").selectAll().where("reference", "=", reference.trim().toUpperCase()).executeTakeFirst();
}

/** confirmed → delivered with the access it made; undefined when it was not waiting (delivered already). */
export async function markTrialDelivered(
  db: Database,
  id: number,
  { accessId, endsAt }: { accessId: number; endsAt: Date },
  now: Date = new Date(),
): Promise<Trial | undefined> {
  const at = now.toISOString();
  return db
    .updateTable("trials")
    .set({ status: "delivered", access_id: accessId, delivered_at: at, ends_at: endsAt.toISOString(), updated_at: at })
    .where("id", "=", id)
    .where("status", "=", "confirmed")
    .returningAll()
    .executeTakeFirst();
}

/** delivered → expired, when its access expired (app/renewals/expiry.server.ts). */
export async function markTrialExpired(db: Database, accessId: number, now: Date = new Date()): Promise<void> {
  await db
    .updateTable("trials")
    .set({ status: "expired", updated_at: now.toISOString() })
    .where("access_id", "=", accessId)
    .where("status", "=", "delivered")
    .execute();
}

export { type TrialListState, trialListStates } from "./trials-schema.ts";

/** Confirmed trials for the console, newest first: those waiting for their line, or all. */
export async function listTrials(
  db: Database,
  { state, position = { at: "first" }, pageSize = 50 }: { state: TrialListState; position?: PagePosition; pageSize?: number },
): Promise<KeysetPage<Trial>> {
  let query = db.selectFrom("trials").where("status", "<>", "requested");
  if (state !== "all") query = query.where("status", "=", state satisfies TrialStatus);
  return readPage(
    query.selectAll(),
    { key: "created_at", id: "id", direction: "desc", cursorOf: (trial) => ({ key: trial.created_at, id: trial.id }) },
    position,
    pageSize,
  );
}

/**
 * What trials keep no longer than they need: a request never confirmed goes a day after its code expired, and
 * a client address, and its connection's row, once the 30 days of its limit are over.
 */
export async function pruneTrialRecords(
  db: Database,
  now: Date = new Date(),
): Promise<{ requests: number; addresses: number; connections: number }> {
  const requestsBefore = new Date(now.getTime() - UNCONFIRMED_KEPT_MS).toISOString();
  const addressesBefore = new Date(now.getTime() - TRIAL_ADDRESS_WINDOW_MS).toISOString();
  const requests = await db
    .deleteFrom("trials")
    .where("status", "=", "requested")
    .where("code_expires_at", "<", requestsBefore)
    .executeTakeFirst();
  const addresses = await db
    .updateTable("trials")
    .set({ client_address: null, updated_at: now.toISOString() })
    .where("client_address", "is not", null)
    .where("created_at", "<", addressesBefore)
    .executeTakeFirst();
  const connections = await pruneTrialConnections(db, now);
  return { requests: Number(requests.numDeletedRows), addresses: Number(addresses.numUpdatedRows), connections };
}
