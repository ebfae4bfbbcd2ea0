/**
 * "Mail me a sign-in", asked for an address. The page must not tell who is a customer, in its words or in the
 * time it takes, so this does the same work for every address: it counts the limits, records a sign-in and
 * queues a job, always. The job (mail-job.server.ts), away from the answer, decides whether a mail goes:
 * only to an address with orders or an access. Past the address's hourly limit of mails nothing is recorded,
 * and the page says so, for every address alike: it tells only that the address was asked for too often, and
 * the links already mailed still work (decision 0040). Past the client's limit the page says so too.
 */
import type { Language } from "../../../common/languages";
import { recordSignIn } from "../../../server/db/customer-sign-ins.ts";
import type { Database } from "../../../server/db/database.ts";
import { enqueueJob, JOB_KINDS } from "../../../server/jobs/enqueue.ts";
import { accountLimits } from "./limits.server";

export type StartResult = "recorded" | "client-limited" | "mail-limited";

export async function startSignIn(
  db: Database,
  request: { email: string; language: Language; clientAddress: string },
  now: Date = new Date(),
): Promise<StartResult> {
  if (!(await accountLimits.signInFrom(db, request.clientAddress, now))) return "client-limited";
  if (!(await accountLimits.mailTo(db, request.email, now))) return "mail-limited";
  await db.transaction().execute(async (transaction) => {
    const { signIn } = await recordSignIn(transaction, { email: request.email, language: request.language }, now);
    // The secrets just made are thrown away: the job makes new ones if, and only if, it mails them.
    await enqueueJob(transaction, { kind: JOB_KINDS.accountSignInMail, payload: { signInId: signIn.id }, runAt: now, maxAttempts: 3 }, now);
  });
  return "recorded";
}
