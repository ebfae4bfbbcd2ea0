/**
 * The mail to an address that is already on the newsletter's list when someone signs it up again: the page
 * answers every sign-up alike (it never tells who is subscribed), and this mail, which only the address's
 * owner reads, says the rest.
 */

import type { Language } from "../../common/languages.ts";
import { site } from "../../content/site.ts";
import {
  escapeHtml,
  htmlDocument,
  interpolate,
  interpolateHtml,
  mailTexts,
  type RenderedMail,
  STYLE,
  singleLine,
  textDocument,
} from "./layout.ts";
import { renderNewsletterFooter } from "./templates.ts";

const brand = site.brand.name;

export const NEWSLETTER_ALREADY_SUBSCRIBED_KIND = "newsletter-already-subscribed";

export function renderNewsletterAlreadySubscribed(input: { unsubscribeUrl: string }, language: Language): RenderedMail {
  const t = mailTexts[language].newsletterAlreadySubscribed;
  const values = { brand };
  const footer = renderNewsletterFooter(input.unsubscribeUrl, language);
  const subject = singleLine(interpolate(t.subject, values));
  const signature = interpolate(mailTexts[language].common.signature, values);
  const paragraphs = [t.greeting, t.intro, t.notYou];

  const text = textDocument([...paragraphs.map((paragraph) => interpolate(paragraph, values)), signature, `--\n${footer.text}`], language);
  const body = [
    `<h1 style="${STYLE.h1}">${escapeHtml(t.heading)}</h1>`,
    ...paragraphs.map((paragraph) => `<p style="${STYLE.p}">${interpolateHtml(paragraph, values)}</p>`),
    `<p style="${STYLE.p}">${escapeHtml(signature)}</p>`,
  ].join("\n");
  return {
    subject,
    text,
    html: htmlDocument({ language, title: subject, preheader: interpolate(t.preheader, values), body, footer: footer.html }),
  };
}
