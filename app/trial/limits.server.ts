/**
 * The free trial's code mails, limited per hour like the account's sign-in mails (and by the same settings:
 * ACCOUNT_SIGN_IN_RATE_LIMIT per client address, ACCOUNT_MAIL_RATE_LIMIT per e-mail), counted in the
 * database so every server adds to the same total, under counters of their own.
 */
import { canonicalEmail } from "../../common/canonical-email";
import { serverConfig } from "../../server/config.ts";
import type { Database } from "../../server/db/database.ts";
import { clientKey, emailKey } from "../../server/db/limit-keys.ts";
import { countAttempt } from "../../server/db/rate-limits.ts";

const oneHour = 60 * 60_000;

export const trialLimits = {
  /** Counts one request from a client address; false once past the hour's limit. */
  async requestFrom(db: Database, clientAddress: string, now: Date = new Date()): Promise<boolean> {
    const count = await countAttempt(db, clientKey("trial-request", clientAddress), { windowMs: oneHour, now });
    return count <= serverConfig().ACCOUNT_SIGN_IN_RATE_LIMIT;
  },
  /**
   * Counts one mail to a mailbox, however its address is spelt (aliases reach one inbox); false once past
   * the hour's limit (then no mail goes).
   */
  async mailTo(db: Database, email: string, now: Date = new Date()): Promise<boolean> {
    const count = await countAttempt(db, emailKey("trial-mail", canonicalEmail(email)), { windowMs: oneHour, now });
    return count <= serverConfig().ACCOUNT_MAIL_RATE_LIMIT;
  },
};
