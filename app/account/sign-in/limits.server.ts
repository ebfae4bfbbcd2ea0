/**
 * The account's mail limits, per hour, counted in the database (server/db/rate-limits.ts) so every server
 * adds to the same total: sign-in requests per client address (ACCOUNT_SIGN_IN_RATE_LIMIT) and mails per
 * e-mail address (ACCOUNT_MAIL_RATE_LIMIT, sign-in and step-up mails together).
 */
import { serverConfig } from "../../../server/config.ts";
import type { Database } from "../../../server/db/database.ts";
import { countAttempt } from "../../../server/db/rate-limits.ts";
import { clientKey, emailKey } from "../../../server/db/limit-keys.ts";

const oneHour = 60 * 60_000;

export const accountLimits = {
  /** Counts one sign-in request from a client address; false once past the hour's limit. */
  async signInFrom(db: Database, clientAddress: string, now: Date = new Date()): Promise<boolean> {
    const count = await countAttempt(db, clientKey("account-sign-in", clientAddress), { windowMs: oneHour, now });
    return count <= serverConfig().ACCOUNT_SIGN_IN_RATE_LIMIT;
  },
  /** Counts one mail to an e-mail address; false once past the hour's limit (then no mail goes). */
  async mailTo(db: Database, email: string, now: Date = new Date()): Promise<boolean> {
    const count = await countAttempt(db, emailKey("account-mail", email), { windowMs: oneHour, now });
    return count <= serverConfig().ACCOUNT_MAIL_RATE_LIMIT;
  },
};
