/**
 * Every mail the site sends, built from typed inputs and a language: pure functions returning
 * `{ subject, text, html }`. The words live in `content/mail/{en,es,fr}.json`; brand and support address in
 * `content/site.ts`. Every value put into the HTML is escaped; links must be http(s).
 *
 * The order input has no card number, CVV or expiry field on purpose: a mail shows at most the card brand and
 * its last four digits ("Visa ending in 4242").
 */
import { cardBrandNames } from "../../app/checkout/card.ts";
import en from "../../content/mail/en.json" with { type: "json" };
import es from "../../content/mail/es.json" with { type: "json" };
import fr from "../../content/mail/fr.json" with { type: "json" };
import { type PlanKey, site } from "../../content/site.ts";
import type { Language, Order } from "../db/schema.ts";

/** The shape of one language's mail texts (English is the reference; the others must match it). */
export type MailTexts = typeof en;

/** Typed as `MailTexts`, so a key missing from Spanish or French fails the type check. */
export const mailTexts: Readonly<Record<Language, MailTexts>> = { en, es, fr };

/** The `kind` stored with each queued mail, and part of each .eml file name. */
export const MAIL_KINDS = {
  orderConfirmation: "order-confirmation",
  contactNotification: "contact-notification",
  newsletterConfirmation: "newsletter-confirmation",
} as const;
export type MailKind = (typeof MAIL_KINDS)[keyof typeof MAIL_KINDS];

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

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
}

/** The confirmation input for a stored order, taking only the fields the mail shows. */
export function orderConfirmationInput(order: Order, amountPaid: string): OrderConfirmationInput {
  return {
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

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

type Values = Readonly<Record<string, string | number>>;

/** Replaces each `{{name}}`; a placeholder without a value is a programming error and throws. */
export function interpolate(template: string, values: Values): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Mail text placeholder {{${name}}} has no value in "${template}"`);
    return String(value);
  });
}

/** `interpolate` for HTML: the template's own text and every value are escaped. */
function interpolateHtml(template: string, values: Values): string {
  const escaped: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) escaped[name] = escapeHtml(String(value));
  return interpolate(escapeHtml(template), escaped);
}

/** One line for a header (subject): no line breaks, no runs of spaces. */
function singleLine(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

/** The URL, checked to be absolute http(s) so no `javascript:` or relative link can reach a mail. */
function safeUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`Mail link is not an absolute URL: ${JSON.stringify(url)}`);
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
    throw new Error(`Mail link must be http(s), got ${JSON.stringify(parsed.protocol)}`);
  }
  return parsed.href;
}

function pluralKey(language: Language, count: number): "one" | "other" {
  return new Intl.PluralRules(language).select(count) === "one" ? "one" : "other";
}

/** "Visa", "Mastercard", … for a known brand key; anything else is shown as given (first letter raised). */
function cardBrandName(brand: string): string {
  const known = (cardBrandNames as Readonly<Record<string, string>>)[brand.toLowerCase()];
  if (known) return known;
  const trimmed = singleLine(brand);
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}

/** Never more than the last four digits, whatever the caller passed. */
function lastFour(value: string): string {
  return value.replace(/\D/g, "").slice(-4);
}

const brand = site.brand.name;
const supportEmail = site.brand.supportEmail;

// ---------------------------------------------------------------------------------------------------------
// HTML frame: dark text on a light page, inline styles, tables for layout (what mail clients render)
// ---------------------------------------------------------------------------------------------------------

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;";
const STYLE = {
  body: "margin:0;padding:0;background-color:#f3f3f6;",
  card: "max-width:600px;background-color:#ffffff;border:1px solid #dcdce3;border-radius:8px;",
  content: `padding:32px;${FONT}font-size:16px;line-height:1.6;color:#1b1b22;`,
  brand: `margin:0 0 24px;${FONT}font-size:14px;font-weight:700;letter-spacing:0.08em;text-transform:uppercase;color:#4a1fb8;`,
  h1: `margin:0 0 16px;${FONT}font-size:24px;line-height:1.3;font-weight:700;color:#1b1b22;`,
  h2: `margin:28px 0 8px;${FONT}font-size:18px;line-height:1.4;font-weight:700;color:#1b1b22;`,
  p: "margin:0 0 16px;",
  table: "width:100%;border-collapse:collapse;margin:0 0 8px;",
  th: `padding:8px 12px 8px 0;border-bottom:1px solid #e6e6ec;text-align:left;vertical-align:top;font-weight:400;color:#4b4b57;${FONT}font-size:15px;`,
  td: `padding:8px 0;border-bottom:1px solid #e6e6ec;text-align:left;vertical-align:top;font-weight:700;color:#1b1b22;${FONT}font-size:15px;`,
  list: "margin:0 0 16px;padding-left:24px;",
  listItem: "margin:0 0 8px;",
  note: "margin:24px 0 16px;padding:12px 16px;background-color:#f3f0fd;border-radius:6px;color:#1b1b22;",
  quote: "margin:0 0 16px;padding:12px 16px;border-left:4px solid #4a1fb8;background-color:#f6f6f9;color:#1b1b22;",
  button: `display:inline-block;padding:12px 24px;background-color:#4a1fb8;border-radius:6px;color:#ffffff;${FONT}font-size:16px;font-weight:700;text-decoration:none;`,
  link: "color:#4a1fb8;text-decoration:underline;word-break:break-all;",
  footer: `padding:16px 32px 0;${FONT}font-size:13px;line-height:1.5;color:#4b4b57;`,
  footerLink: "color:#4b4b57;text-decoration:underline;",
};

function htmlDocument(options: { language: Language; title: string; preheader?: string; body: string; footer?: string }): string {
  const preheader = options.preheader
    ? `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;">${escapeHtml(options.preheader)}</div>\n`
    : "";
  const footer = options.footer ? `<tr><td style="${STYLE.footer}">${options.footer}</td></tr>\n` : "";
  return `<!doctype html>
<html lang="${options.language}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escapeHtml(options.title)}</title>
</head>
<body style="${STYLE.body}">
${preheader}<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="${STYLE.body}">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="${STYLE.card}">
<tr><td style="${STYLE.content}">
<p style="${STYLE.brand}">${escapeHtml(brand)}</p>
${options.body}
</td></tr>
</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;">
${footer}</table>
</td></tr>
</table>
</body>
</html>
`;
}

/** A two-column table of label and value, read by screen readers as row headers and cells. */
function htmlRows(rows: ReadonlyArray<readonly [string, string]>): string {
  const body = rows
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="${STYLE.th}">${escapeHtml(label)}</th><td style="${STYLE.td}">${escapeHtml(value)}</td></tr>`,
    )
    .join("\n");
  return `<table cellpadding="0" cellspacing="0" border="0" style="${STYLE.table}">\n${body}\n</table>`;
}

function textRows(language: Language, rows: ReadonlyArray<readonly [string, string]>): string {
  return rows.map(([label, value]) => interpolate(mailTexts[language].common.row, { label, value })).join("\n");
}

/** Escaped, with the line breaks kept. */
function htmlMultiline(value: string): string {
  return escapeHtml(value.replace(/\r\n?/g, "\n")).replace(/\n/g, "<br>\n");
}

/** Joins paragraphs of a plain-text mail with one blank line between them. */
function textDocument(parts: ReadonlyArray<string>): string {
  return `${parts.filter((part) => part !== "").join("\n\n")}\n`;
}

// ---------------------------------------------------------------------------------------------------------
// Mails
// ---------------------------------------------------------------------------------------------------------

/** The footer every newsletter mail carries: why it arrived, and the unsubscribe link. */
export function renderNewsletterFooter(unsubscribeUrl: string, language: Language): { text: string; html: string } {
  const t = mailTexts[language].newsletterFooter;
  const url = safeUrl(unsubscribeUrl);
  return {
    text: `${interpolate(t.reason, { brand })}\n${interpolate(t.unsubscribeText, { unsubscribeUrl: url })}`,
    html: `${interpolateHtml(t.reason, { brand })}<br>\n<a href="${escapeHtml(url)}" style="${STYLE.footerLink}">${escapeHtml(t.unsubscribeLink)}</a>`,
  };
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

  const text = textDocument([
    interpolate(t.greeting, values),
    interpolate(t.intro, values),
    `${t.summaryHeading}\n${textRows(language, rows)}`,
    `${t.accessHeading}\n${t.accessSteps.map((step, index) => `${index + 1}. ${interpolate(step, values)}`).join("\n")}`,
    interpolate(t.referenceHint, values),
    interpolate(t.oneTimeNote, values),
    `${t.signOff}\n${signature}`,
  ]);

  const body = [
    `<h1 style="${STYLE.h1}">${escapeHtml(t.heading)}</h1>`,
    `<p style="${STYLE.p}">${interpolateHtml(t.greeting, values)}</p>`,
    `<p style="${STYLE.p}">${interpolateHtml(t.intro, values)}</p>`,
    `<h2 style="${STYLE.h2}">${escapeHtml(t.summaryHeading)}</h2>`,
    htmlRows(rows),
    `<h2 style="${STYLE.h2}">${escapeHtml(t.accessHeading)}</h2>`,
    `<ol style="${STYLE.list}">\n${t.accessSteps.map((step) => `<li style="${STYLE.listItem}">${interpolateHtml(step, values)}</li>`).join("\n")}\n</ol>`,
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
export function renderContactNotification(input: ContactNotificationInput, language: Language = "en"): RenderedMail {
  const t = mailTexts[language].contactNotification;
  const values = { brand, name: singleLine(input.name), email: singleLine(input.email) };
  const visitorLanguage = `${new Intl.DisplayNames([language], { type: "language" }).of(input.language) ?? input.language} (${input.language})`;

  const rows: Array<readonly [string, string]> = [
    [t.nameLabel, values.name],
    [t.emailLabel, values.email],
    [t.subjectLabel, singleLine(input.subject)],
    [t.languageLabel, visitorLanguage],
  ];
  if (input.receivedAt) {
    const received = new Intl.DateTimeFormat(language, { dateStyle: "long", timeStyle: "long", timeZone: "UTC" }).format(input.receivedAt);
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

  return { subject, text, html: htmlDocument({ language, title: subject, body }) };
}

/** The double opt-in mail: a confirm link, and (in the footer) the unsubscribe link. */
export function renderNewsletterConfirmation(input: NewsletterConfirmationInput, language: Language): RenderedMail {
  const t = mailTexts[language].newsletterConfirmation;
  const values = { brand };
  const confirmUrl = safeUrl(input.confirmUrl);
  const footer = renderNewsletterFooter(input.unsubscribeUrl, language);
  const subject = singleLine(interpolate(t.subject, values));
  const signature = interpolate(mailTexts[language].common.signature, values);

  const text = textDocument([
    interpolate(t.greeting, values),
    interpolate(t.intro, values),
    `${t.confirmButton}:\n${confirmUrl}`,
    interpolate(t.ignore, values),
    signature,
    `--\n${footer.text}`,
  ]);

  const body = [
    `<h1 style="${STYLE.h1}">${escapeHtml(t.heading)}</h1>`,
    `<p style="${STYLE.p}">${interpolateHtml(t.greeting, values)}</p>`,
    `<p style="${STYLE.p}">${interpolateHtml(t.intro, values)}</p>`,
    `<p style="margin:24px 0;"><a href="${escapeHtml(confirmUrl)}" style="${STYLE.button}">${escapeHtml(t.confirmButton)}</a></p>`,
    `<p style="${STYLE.p}">${escapeHtml(t.linkFallback)}<br>\n<a href="${escapeHtml(confirmUrl)}" style="${STYLE.link}">${escapeHtml(confirmUrl)}</a></p>`,
    `<p style="${STYLE.p}">${interpolateHtml(t.ignore, values)}</p>`,
    `<p style="${STYLE.p}">${escapeHtml(signature)}</p>`,
  ].join("\n");

  return {
    subject,
    text,
    html: htmlDocument({ language, title: subject, preheader: interpolate(t.preheader, values), body, footer: footer.html }),
  };
}
