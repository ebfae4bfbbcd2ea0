import type { SubscribeResult } from "../../server/db/newsletter.ts";
import { queueNewsletterAlreadySubscribed, queueNewsletterConfirmation } from "../mail.server";
import { repeatMails } from "../rate-limit.server";
import type { Services } from "../services.server";

/**
 * The mail a newsletter sign-up sends. The page answers every address alike, so it never tells who is
 * subscribed; the mail, read only by the address's owner, says the rest: a confirmation link for a new or
 * unconfirmed address, a note that nothing changed for a confirmed one. A repeat sign-up mails at most once
 * a day.
 */
export async function mailAfterSignUp(
  { db, wakeMail }: Pick<Services, "db" | "wakeMail">,
  { status, subscriber }: SubscribeResult,
): Promise<void> {
  if (status === "already-subscribed") {
    const confirmed = subscriber.confirmed_at !== null;
    if (!(await repeatMails.hit(db, confirmed ? "newsletter-confirmed" : "newsletter-unconfirmed", subscriber.email))) return;
    await (confirmed ? queueNewsletterAlreadySubscribed(db, subscriber) : queueNewsletterConfirmation(db, subscriber));
  } else {
    await queueNewsletterConfirmation(db, subscriber);
  }
  wakeMail();
}
