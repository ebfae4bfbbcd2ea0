/**
 * The mail to an address that is already on the newsletter's list when someone signs it up again: the page
 * answers every sign-up alike (it never tells who is subscribed), and this mail, which only the address's
 * owner reads, says the rest.
 */

import type { Language } from "../../common/languages.ts";
import { site } from "../../content/site.ts";
import { composeMail, type RenderedMail } from "./layout.ts";
import { interpolate, mailTexts } from "./mail-texts.ts";
import { newsletterFootnote } from "./templates.ts";

export const NEWSLETTER_ALREADY_SUBSCRIBED_KIND = "newsletter-already-subscribed";

export function renderNewsletterAlreadySubscribed(input: { unsubscribeUrl: string }, language: Language): RenderedMail {
  const t = mailTexts[language].newsletterAlreadySubscribed;
  const values = { brand: site.brand.name };
  return composeMail({
    language,
    words: t,
    values,
    blocks: [{ paragraph: interpolate(t.intro, values) }, { paragraph: interpolate(t.notYou, values) }],
    footnote: newsletterFootnote(input.unsubscribeUrl, language),
  });
}
