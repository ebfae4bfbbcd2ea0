import type { Translator } from "../i18n/i18n";

/** How a newsletter sign-up went, as the action answers it. */
export type NewsletterAnswer =
  | { state: "checkInbox"; email: string }
  | { state: "invalid"; error: string }
  | { state: "unavailable" | "rateLimited" };

type T = Translator["t"];

/** The heading and sentence that tell a visitor how their sign-up went. */
export function newsletterMessage(t: T, answer: NewsletterAnswer | undefined): { title: string; text: string } {
  switch (answer?.state) {
    case "checkInbox":
      return { title: t("newsletter.checkInbox"), text: t("newsletter.checkInboxText", { email: answer.email }) };
    case "invalid":
      return { title: t("newsletter.heading"), text: t(`newsletter.errors.${answer.error}` as "newsletter.errors.email") };
    case "unavailable":
    case "rateLimited":
      return { title: t("newsletter.heading"), text: t(`newsletter.${answer.state}`) };
    default:
      return { title: t("newsletter.heading"), text: t("footer.newsletter.text") };
  }
}
