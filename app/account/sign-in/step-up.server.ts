/**
 * The step-up code (`/account/verify`): a signed-in session that last proved its mailbox more than 10 minutes
 * ago must type a fresh code from a new mail before access details are shown, the customer's data is
 * downloaded or the account is deleted: a session left open on a shared computer, or a stolen cookie, must
 * not be enough for any of them. The code is a sign-in row bound to the session, checked like a sign-in's
 * (five wrong codes and it is void, ten a day for the address), and mailed within a limit of its own that no
 * one without the session can use up.
 */
import { redirect } from "react-router";
import { type Language, localizePath } from "../../../common/languages";
import { confirmCustomerSession, isFreshSession } from "../../../server/db/customer-sessions.ts";
import { type CodeCheck, checkSignInCode, recordSignIn } from "../../../server/db/customer-sign-ins.ts";
import type { Database } from "../../../server/db/database.ts";
import type { CustomerSession } from "../../../server/db/schema.ts";
import { queueMail } from "../../../server/mail/mail-job.ts";
import { ACCOUNT_MAIL_KINDS, renderStepUpMail } from "../../../server/mail/sign-in-mail.ts";
import { privateNoStore } from "../../cache-control";
import { safeReturnPath } from "../../site-path";
import { accountPaths } from "../session.server";
import { accountLimits } from "./limits.server";

/** Where to go once confirmed: an account page of this site (any language), else the account's home. */
export function stepUpNext(value: FormDataEntryValue | string | null | undefined, language: Language): string {
  const fallback = localizePath("/account", language);
  if (typeof value !== "string") return fallback;
  for (const area of accountPaths) {
    const path = safeReturnPath(value, area, "");
    if (path) return path;
  }
  return fallback;
}

/** The way to a fresh code, then on to `back` (an account page, in the customer's language). */
export function askForFreshCode(back: string, language: Language): Response {
  return redirect(`${localizePath("/account/verify", language)}?next=${encodeURIComponent(back)}`, {
    status: 303,
    headers: privateNoStore,
  });
}

/** For a session that proved its mailbox over 10 minutes ago, {@link askForFreshCode}; undefined for a fresh one. */
export function stepUpFirst(
  session: Pick<CustomerSession, "verified_at">,
  back: string,
  language: Language,
  now: Date = new Date(),
): Response | undefined {
  return isFreshSession(session, now) ? undefined : askForFreshCode(back, language);
}

/** Mails the session's owner a fresh code, unless the address had its hour's mails already. */
export async function sendStepUpCode(
  db: Database,
  session: CustomerSession,
  language: Language,
  sealWith: Buffer | undefined,
  now: Date = new Date(),
): Promise<"sent" | "limited"> {
  if (!(await accountLimits.stepUpMailTo(db, session.email, now))) return "limited";
  await db.transaction().execute(async (transaction) => {
    const { secrets } = await recordSignIn(transaction, { email: session.email, language, sessionId: session.id }, now);
    const mail = renderStepUpMail({ code: secrets.code }, language);
    await queueMail(transaction, { kind: ACCOUNT_MAIL_KINDS.stepUp, to: session.email, ...mail, sealWith }, now);
  });
  return "sent";
}

/** The typed code; a right one makes the session fresh for the next 10 minutes. */
export async function confirmWithCode(db: Database, session: CustomerSession, code: string, now: Date = new Date()): Promise<CodeCheck> {
  const check = await checkSignInCode(db, { sessionId: session.id }, code, now);
  if (check.result === "signed-in") await confirmCustomerSession(db, session.id, now);
  return check;
}
