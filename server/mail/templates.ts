/**
 * Every mail the site sends, built from typed inputs and a language: pure functions returning
 * `{ subject, text, html }`. The words live in `content/mail/<language>.json`; brand and support address in
 * `content/site.ts`. Every value put into the HTML is escaped; links must be http(s). The frame, styles and
 * escaping they share live in layout.ts (the after-sale, reminder and operator mails use it too).
 *
 * The order input has no card number, CVV or expiry field on purpose: a mail shows at most the card brand and
 * its last four digits ("Visa ending in 4242").
 */
import { cardBrandNames } from "../../common/card.ts";
import { defaultLanguage, type Language, localeTags } from "../../common/languages";
import { type PlanKey, site } from "../../content/site.ts";
import type { Order } from "../db/schema.ts";
import { type InvoiceLink, invoiceSection } from "./invoice-section.ts";
import {
  escapeHtml,
  htmlButton,
  htmlDocument,
  htmlLinkFallback,
  htmlMultiline,
  htmlRows,
  interpolate,
  interpolateHtml,
  mailTexts,
  pluralKey,
  type RenderedMail,
  STYLE,
  safeUrl,
  singleLine,
  textDocument,
  textRows,
  unsubscribeFooter,
} from "./layout.ts";

// Still exported from here, where the tests and older callers import them.
export { escapeHtml, interpolate, type MailTexts, mailTexts, type RenderedMail } from "./layout.ts";

/** The `kind` stored with each queued mail, and part of each .eml file name. */
export const MAIL_KINDS = {
  orderConfirmation: "order-confirmation",
  contactNotification: "contact-notification",
  newsletterConfirmation: "newsletter-confirmation",
} as const;
export type MailKind = (typeof MAIL_KINDS)[keyof typeof MAIL_KINDS];

// ---------------------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------------------

/** What the order confirmation shows. There is deliberately no field for a card number, CVV or expiry. */
export interface OrderConfirmationInput {
  reference: string;
  firstName: string;
  planKey: PlanKey;
  viewers: number;
  /** Already formatted for the customer's language, e.g. "29,00 €". */
  amountPaid: string;
  /** Brand key (`visa`, `mastercard`, …) and the last four digits; omit when not paid by card. */
  card?: { brand: string; last4: string };
  invoice?: InvoiceLink;
}

/** The confirmation input for a stored order, taking only the fields the mail shows. */
export function orderConfirmationInput(
  order: Order,
  amountPaid: string,
  invoice?: OrderConfirmationInput["invoice"],
): OrderConfirmationInput {
  return {
    ...(invoice ? { invoice } : {}),
    reference: order.reference,
    firstName: order.first_name,
    planKey: order.plan_key,
    viewers: order.viewers,
    amountPaid,
    card: order.card_brand && order.card_last4 ? { brand: order.card_brand, last4: order.card_last4 } : undefined,
  };
}

export interface ContactNotificationInput {
  name: string;
  email: string;
  subject: string;
  message: string;
  /** The language the visitor used on the site. */
  language: Language;
  receivedAt?: Date;
}

export interface NewsletterConfirmationInput {
  /** Absolute http(s) URL that confirms the subscription. */
  confirmUrl: string;
  /** Absolute http(s) URL that unsubscribes the address. */
  unsubscribeUrl: string;
}

// ---------------------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------------------

/** "Visa", "Mastercard", … for a known brand key; anything else is shown as given (first letter raised). */
export function cardBrandName(brand: string): string {
  const known = (cardBrandNames as Readonly<Record<string, string>>)[brand.toLowerCase()];
  if (known) return known;
  const trimmed = singleLine(brand);
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}

/** Never more than the last four digits, whatever the caller passed. */
export function lastFour(value: string): string {
  return value.replace(/\D/g, "").slice(-4);
}

const brand = site.brand.name;
const supportEmail = site.brand.supportEmail;

// ---------------------------------------------------------------------------------------------------------
// Mails
// ---------------------------------------------------------------------------------------------------------

/** The footer every newsletter mail carries: why it arrived, and the unsubscribe link. */
export function renderNewsletterFooter(unsubscribeUrl: string, language: Language): { text: string; html: string } {
  return unsubscribeFooter(mailTexts[language].newsletterFooter, { brand }, unsubscribeUrl);
}

export function renderOrderConfirmation(input: OrderConfirmationInput, language: Language): RenderedMail {
  const t = mailTexts[language].orderConfirmation;
  const common = mailTexts[language].common;
  const plan = site.plans.find((candidate) => candidate.key === input.planKey);
  if (!plan) throw new Error(`renderOrderConfirmation: unknown plan ${JSON.stringify(input.planKey)}`);

  const reference = singleLine(input.reference);
  const firstName = singleLine(input.firstName);
  const values = { brand, supportEmail, reference, firstName };
  const period = interpolate(pluralKey(language, plan.months) === "one" ? t.period_one : t.period_other, { count: plan.months });

  const rows: Array<readonly [string, string]> = [
    [t.referenceLabel, reference],
    [t.planLabel, plan.name],
    [t.periodLabel, period],
    [t.viewersLabel, String(input.viewers)],
    [t.amountLabel, input.amountPaid],
  ];
  if (input.card) {
    const last4 = lastFour(input.card.last4);
    const card =
      last4 === "" ? cardBrandName(input.card.brand) : interpolate(t.cardEnding, { cardBrand: cardBrandName(input.card.brand), last4 });
    rows.push([t.paymentLabel, card]);
  }

  const subject = singleLine(interpolate(t.subject, values));
  const signature = interpolate(common.signature, values);
  const invoice = invoiceSection(language, input.invoice);

  const text = textDocument(
    [
      interpolate(t.greeting, values),
      interpolate(t.intro, values),
      `${t.summaryHeading}\n${textRows(language, rows)}`,
      `${t.accessHeading}\n${t.accessSteps.map((step, index) => `${index + 1}. ${interpolate(step, values)}`).join("\n")}`,
      ...invoice.text,
      interpolate(t.referenceHint, values),
      interpolate(t.oneTimeNote, values),
      `${t.signOff}\n${signature}`,
    ],
    language,
  );

  const body = [
    `<h1 style="${STYLE.h1}">${escapeHtml(t.heading)}</h1>`,
    `<p style="${STYLE.p}">${interpolateHtml(t.greeting, values)}</p>`,
    `<p style="${STYLE.p}">${interpolateHtml(t.intro, values)}</p>`,
    `<h2 style="${STYLE.h2}">${escapeHtml(t.summaryHeading)}</h2>`,
    htmlRows(rows),
    `<h2 style="${STYLE.h2}">${escapeHtml(t.accessHeading)}</h2>`,
    `<ol style="${STYLE.list}">\n${t.accessSteps.map((step) => `<li style="${STYLE.listItem}">${interpolateHtml(step, values)}</li>`).join("\n")}\n</ol>`,
    ...invoice.html,
    `<p style="${STYLE.p}">${interpolateHtml(t.referenceHint, values)}</p>`,
    `<p style="${STYLE.note}">${interpolateHtml(t.oneTimeNote, values)}</p>`,
    `<p style="${STYLE.p}">${escapeHtml(t.signOff)}<br>\n${escapeHtml(signature)}</p>`,
  ].join("\n");

  return {
    subject,
    text,
    html: htmlDocument({ language, title: subject, preheader: interpolate(t.preheader, values), body }),
  };
}

/** The operator's copy of a contact form message. `language` is the language the operator reads. */
export function renderContactNotification(input: ContactNotificationInput, language: Language = defaultLanguage): RenderedMail {
  const t = mailTexts[language].contactNotification;
  const values = { brand, name: singleLine(input.name), email: singleLine(input.email) };
  const visitorLanguage = `${new Intl.DisplayNames([localeTags[language]], { type: "language" }).of(input.language) ?? input.language} (${input.language})`;

  const rows: Array<readonly [string, string]> = [
    [t.nameLabel, values.name],
    [t.emailLabel, values.email],
    [t.subjectLabel, singleLine(input.subject)],
    [t.languageLabel, visitorLanguage],
  ];
  if (input.receivedAt) {
    const received = new Intl.DateTimeFormat(localeTags[language], { dateStyle: "long", timeStyle: "long", timeZone: "UTC" }).format(
      input.receivedAt,
    );
    rows.push([t.receivedLabel, received]);
  }

  const subject = singleLine(interpolate(t.subject, { brand, subject: singleLine(input.subject) }));
  const message = input.message.replace(/\r\n?/g, "\n").trim();

  const text = textDocument([
    interpolate(t.intro, values),
    textRows(language, rows),
    `${t.messageLabel}:\n${message}`,
    interpolate(t.replyHint, values),
  ]);

  const body = [
    `<h1 style="${STYLE.h1}">${escapeHtml(t.heading)}</h1>`,
    `<p style="${STYLE.p}">${interpolateHtml(t.intro, values)}</p>`,
    htmlRows(rows),
    `<h2 style="${STYLE.h2}">${escapeHtml(t.messageLabel)}</h2>`,
    `<div style="${STYLE.quote}">${htmlMultiline(message)}</div>`,
    `<p style="${STYLE.p}">${interpolateHtml(t.replyHint, values)}</p>`,
  ].join("\n");

  return { subject, text, html: htmlDocument({ language, title: subject, body, audience: "operator" }) };
}

/** The double opt-in mail: a confirm link, and (in the footer) the unsubscribe link. */
export function renderNewsletterConfirmation(input: NewsletterConfirmationInput, language: Language): RenderedMail {
  const t = mailTexts[language].newsletterConfirmation;
  const values = { brand };
  const confirmUrl = safeUrl(input.confirmUrl);
  const footer = renderNewsletterFooter(input.unsubscribeUrl, language);
  const subject = singleLine(interpolate(t.subject, values));
  const signature = interpolate(mailTexts[language].common.signature, values);

  const text = textDocument(
    [
      interpolate(t.greeting, values),
      interpolate(t.intro, values),
      `${t.confirmButton}:\n${confirmUrl}`,
      interpolate(t.ignore, values),
      signature,
      `--\n${footer.text}`,
    ],
    language,
  );

  const body = [
    `<h1 style="${STYLE.h1}">${escapeHtml(t.heading)}</h1>`,
    `<p style="${STYLE.p}">${interpolateHtml(t.greeting, values)}</p>`,
    `<p style="${STYLE.p}">${interpolateHtml(t.intro, values)}</p>`,
    htmlButton(confirmUrl, t.confirmButton, { spaceAbove: true }),
    htmlLinkFallback(t.linkFallback, confirmUrl),
    `<p style="${STYLE.p}">${interpolateHtml(t.ignore, values)}</p>`,
    `<p style="${STYLE.p}">${escapeHtml(signature)}</p>`,
  ].join("\n");

  return {
    subject,
    text,
    html: htmlDocument({ language, title: subject, preheader: interpolate(t.preheader, values), body, footer: footer.html }),
  };
}
