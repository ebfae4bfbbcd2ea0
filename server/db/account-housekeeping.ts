/**
 * The account's records that outlive their use: a sign-in is worthless once it has expired, and a session
 * once it has ended or expired. Both hold an e-mail address (a session also the client address it was
 * opened from), so they are deleted instead of kept "until the account is deleted": sign-ins a day after
 * they expire, sessions 30 days after they end, long enough for the customer's question "was that me?"
 * and the order timeline's reveal lines to be checked against them. The privacy page states both periods.
 */
import type { Database } from "./database.ts";
import { pruneTrialRecords } from "./trials.ts";

export const SIGN_IN_KEPT_MS = 24 * 60 * 60_000;
export const ENDED_SESSION_KEPT_MS = 30 * 24 * 60 * 60_000;

/**
 * Deletes what is past its keeping and returns how many rows of each went; free trials' unconfirmed requests
 * and old client addresses ride along (trials.ts), being the same kind of chore on the same schedule.
 */
export async function pruneAccountRecords(
  db: Database,
  now: Date = new Date(),
): Promise<{ signIns: number; sessions: number; trialRequests: number; trialAddresses: number; trialConnections: number }> {
  const signInsBefore = new Date(now.getTime() - SIGN_IN_KEPT_MS).toISOString();
  const sessionsBefore = new Date(now.getTime() - ENDED_SESSION_KEPT_MS).toISOString();
  // A session's step-up codes live 15 minutes, so they are long gone when their session goes.
  const signIns = await db.deleteFrom("customer_sign_ins").where("expires_at", "<", signInsBefore).executeTakeFirst();
  const sessions = await db
    .deleteFrom("customer_sessions")
    .where((where) => where.or([where("ended_at", "<", sessionsBefore), where("expires_at", "<", sessionsBefore)]))
    .executeTakeFirst();
  const trials = await pruneTrialRecords(db, now);
  return {
    signIns: Number(signIns.numDeletedRows),
    sessions: Number(sessions.numDeletedRows),
    trialRequests: trials.requests,
    trialAddresses: trials.addresses,
    trialConnections: trials.connections,
  };
}
