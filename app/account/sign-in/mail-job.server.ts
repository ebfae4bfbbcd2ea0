/**
 * The job behind every sign-in request (start.server.ts): it mails the sign-in link and code when the address
 * has orders or an access, and does nothing otherwise. The mail's secrets are made here, replacing the ones
 * the request recorded, so they exist only in the mail; its stored copy is sealed when a key is configured.
 */
import { type Language, localizePath, storedLanguage } from "../../../common/languages";
import { site } from "../../../content/site";
import { findSignIn, hasOrdersOrAccess, renewSignInSecrets } from "../../../server/db/customer-sign-ins.ts";
import type { Database } from "../../../server/db/database.ts";
import type { Job } from "../../../server/db/schema.ts";
import { GiveUp, type JobHandler } from "../../../server/jobs/runner.ts";
import { queueMail } from "../../../server/mail/mail-job.ts";
import { ACCOUNT_MAIL_KINDS, renderSignInMail } from "../../../server/mail/sign-in-mail.ts";
import type { Services } from "../../services.server";

/** The link of a sign-in mail, on the site's public origin, in the language it was asked in. */
export function signInLinkUrl(token: string, language: Language): string {
  const url = new URL(localizePath("/account/link", language), site.brand.origin);
  url.searchParams.set("token", token);
  return url.href;
}

function signInIdOf(job: Job): number {
  const { signInId } = JSON.parse(job.payload) as { signInId?: unknown };
  if (!Number.isSafeInteger(signInId)) throw new GiveUp(`job #${job.id} names no sign-in`);
  return signInId as number;
}

/** Mails the sign-in if it is still live and the address is a customer's; true when a mail was queued. */
export async function mailSignIn(db: Database, signInId: number, now: Date, sealWith: Buffer | undefined): Promise<boolean> {
  return db.transaction().execute(async (transaction) => {
    const signIn = await findSignIn(transaction, signInId);
    if (!signIn || !(await hasOrdersOrAccess(transaction, signIn.email))) return false;
    const secrets = await renewSignInSecrets(transaction, signIn.id, now);
    if (!secrets) return false;
    const language = storedLanguage(signIn.language);
    const mail = renderSignInMail({ linkUrl: signInLinkUrl(secrets.token, language), code: secrets.code }, language);
    await queueMail(transaction, { kind: ACCOUNT_MAIL_KINDS.signIn, to: signIn.email, ...mail, sealWith }, now);
    return true;
  });
}

export function accountSignInMailHandler(
  services: () => Promise<Pick<Services, "db" | "wakeMail">>,
  key: () => Buffer | undefined,
): JobHandler {
  return {
    async run(job, now) {
      const { db, wakeMail } = await services();
      if (await mailSignIn(db, signInIdOf(job), now, key())) wakeMail();
    },
  };
}
