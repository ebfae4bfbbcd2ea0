/**
 * The account's limits per hour, counted in the database (server/db/rate-limits.ts) so every server adds to
 * the same total: sign-in requests and typed codes per client (ACCOUNT_SIGN_IN_RATE_LIMIT each), sign-in mails
 * per e-mail address and, apart, step-up mails (ACCOUNT_MAIL_RATE_LIMIT each). Apart, because anyone can ask
 * sign-in mails for an address, and only its signed-in owner a step-up code: the first must not use up the
 * second. Wrong codes per address are counted with the codes (server/db/customer-sign-ins.ts).
 */
import { serverConfig } from "../../../server/config.ts";
import type { Database } from "../../../server/db/database.ts";
import { clientKey, emailKey } from "../../../server/db/limit-keys.ts";
import { countAttempt } from "../../../server/db/rate-limits.ts";

const oneHour = 60 * 60_000;

async function within(db: Database, key: string, limit: number, now: Date): Promise<boolean> {
  return (await countAttempt(db, key, { windowMs: oneHour, now })) <= limit;
}

export const accountLimits = {
  /** Counts one sign-in request from a client; false once past the hour's limit. */
  signInFrom: (db: Database, clientAddress: string, now: Date = new Date()) =>
    within(db, clientKey("account-sign-in", clientAddress), serverConfig().ACCOUNT_SIGN_IN_RATE_LIMIT, now),
  /** Counts one code typed at `/account/code` from a client; false once past the hour's limit. */
  codeFrom: (db: Database, clientAddress: string, now: Date = new Date()) =>
    within(db, clientKey("account-code", clientAddress), serverConfig().ACCOUNT_SIGN_IN_RATE_LIMIT, now),
  /** Counts one sign-in mail to an e-mail address; false once past the hour's limit (then no mail goes). */
  mailTo: (db: Database, email: string, now: Date = new Date()) =>
    within(db, emailKey("account-mail", email), serverConfig().ACCOUNT_MAIL_RATE_LIMIT, now),
  /** Counts one step-up mail to a session's address; false once past the hour's limit. */
  stepUpMailTo: (db: Database, email: string, now: Date = new Date()) =>
    within(db, emailKey("account-step-up-mail", email), serverConfig().ACCOUNT_MAIL_RATE_LIMIT, now),
  /** Whole minutes until the mail limit's hour turns (the windows start on the hour, for every server). */
  minutesToNextMailWindow: (now: Date) => Math.ceil((oneHour - (now.getTime() % oneHour)) / 60_000),
};
