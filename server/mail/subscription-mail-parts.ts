/**
 * What the three mails of automatic renewal (subscription-mail.ts) share: their values, the card as a mail may
 * show it, and the page around their words. The words are `subscription` in content/mail/<language>.json.
 */
import type { Language } from "../../common/languages.ts";
import { formatMoney } from "../../common/money.ts";
import { type PlanKey, site } from "../../content/site.ts";
import {
  escapeHtml,
  htmlButton,
  htmlCardFooter,
  htmlDocument,
  htmlLinkFallback,
  htmlRows,
  interpolate,
  interpolateHtml,
  mailTexts,
  type RenderedMail,
  type Rows,
  STYLE,
  singleLine,
  textDocument,
  textRows,
  type Values,
} from "./layout.ts";
import { cardBrandName, lastFour } from "./templates.ts";

export type SubscriptionTexts = (typeof mailTexts)[Language]["subscription"];

/** The plan's name; an unknown key is a programming error, as in the reminder. */
export function planName(planKey: PlanKey, mail: string): string {
  const plan = site.plans.find((candidate) => candidate.key === planKey);
  if (!plan) throw new Error(`${mail}: unknown plan ${JSON.stringify(planKey)}`);
  return plan.name;
}

/** The values every subscription mail's texts may use. */
export function baseValues(
  firstName: string,
  planKey: PlanKey,
  mail: string,
): { brand: string; supportEmail: string; firstName: string; plan: string } {
  return {
    brand: site.brand.name,
    supportEmail: site.brand.supportEmail,
    firstName: singleLine(firstName),
    plan: planName(planKey, mail),
  };
}

/** The amount as every other mail writes money; the currency is the subscription's own. */
export function money(language: Language, cents: number, currency: string): string {
  return formatMoney(cents, language, singleLine(currency).toUpperCase());
}

/** "Visa ending in 4242": never more than the brand and the last four digits. */
export function cardText(language: Language, card: { brand: string; last4: string }): string {
  const t = mailTexts[language].subscription.shared;
  const last4 = lastFour(card.last4);
  return last4 === "" ? cardBrandName(card.brand) : interpolate(t.cardEnding, { cardBrand: cardBrandName(card.brand), last4 });
}

/** A piece of a mail's body: a text of `subscription` (values put in), a table, or a button (URL already checked). */
export type MailPart = { paragraph: string } | { rows: Rows } | { button: { url: string; label: string } };

/**
 * The whole mail from its parts, in text and HTML alike: heading, parts, help, sign-off, and `why` (small print
 * in the card) when the mail says why it came. `url` must already be `safeUrl`'s.
 */
export function composeMail(
  language: Language,
  words: { subject: string; preheader: string; heading: string; signOff: string; why?: string },
  parts: ReadonlyArray<MailPart>,
  values: Values,
): RenderedMail {
  const shared = mailTexts[language].subscription.shared;
  const subject = singleLine(interpolate(words.subject, values));
  const signature = interpolate(mailTexts[language].common.signature, values);
  const text: string[] = [];
  const html: string[] = [`<h1 style="${STYLE.h1}">${escapeHtml(words.heading)}</h1>`];
  for (const part of parts) {
    if ("rows" in part) {
      text.push(textRows(language, part.rows));
      html.push(htmlRows(part.rows, { spaceAfter: true }));
    } else if ("button" in part) {
      const { url, label } = part.button;
      text.push(textRows(language, [[label, url]]));
      html.push(htmlButton(url, label), htmlLinkFallback(shared.linkFallback, url));
    } else {
      text.push(interpolate(part.paragraph, values));
      html.push(`<p style="${STYLE.p}">${interpolateHtml(part.paragraph, values)}</p>`);
    }
  }
  text.push(interpolate(shared.help, values), `${words.signOff}\n${signature}`);
  html.push(
    `<p style="${STYLE.p}">${interpolateHtml(shared.help, values)}</p>`,
    `<p style="${STYLE.p}">${escapeHtml(words.signOff)}<br>\n${escapeHtml(signature)}</p>`,
  );
  if (words.why) {
    text.push(`--\n${interpolate(words.why, values)}`);
    html.push(htmlCardFooter(interpolateHtml(words.why, values)));
  }
  return {
    subject,
    text: textDocument(text, language),
    html: htmlDocument({ language, title: subject, preheader: interpolate(words.preheader, values), body: html.join("\n") }),
  };
}
