/**
 * The after-sale mails an operator's action sends: "Your access" (the delivered login details) and the refund
 * notice. Pure functions returning `{ subject, text, html }` like templates.ts, whose words live beside its
 * own in `content/mail/{en,es,fr}.json`. Every value in the HTML is escaped; the one link is built here.
 */
import { type Language, localizePath } from "../../app/i18n/languages.ts";
import { site } from "../../content/site.ts";
import { escapeHtml, interpolate, mailTexts, type RenderedMail } from "./templates.ts";

export const AFTER_SALE_MAIL_KINDS = { access: "order-access", refund: "order-refund" } as const;

export type AccessField = (typeof site.access.fields)[number];
/** What the customer gets: every configured field, and an optional note from the team. */
export type AccessDetails = Record<AccessField, string> & { note?: string };

export interface AccessMailInput {
  reference: string;
  firstName: string;
  details: AccessDetails;
  startsAt: Date;
  endsAt: Date;
}

export interface RefundMailInput {
  reference: string;
  firstName: string;
  /** Already formatted for the customer's language, e.g. "29,00 €". */
  amount: string;
  refundedAt: Date;
}

const brand = site.brand.name;
const supportEmail = site.brand.supportEmail;
type Values = Readonly<Record<string, string>>;
type Rows = ReadonlyArray<readonly [string, string]>;

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;";
const STYLE = {
  h1: `margin:0 0 16px;${FONT}font-size:24px;line-height:1.3;font-weight:700;color:#1b1b22;`,
  h2: `margin:28px 0 8px;${FONT}font-size:18px;line-height:1.4;font-weight:700;color:#1b1b22;`,
  p: "margin:0 0 16px;",
  th: `padding:8px 12px 8px 0;border-bottom:1px solid #e6e6ec;text-align:left;vertical-align:top;font-weight:400;color:#4b4b57;${FONT}font-size:15px;`,
  td: `padding:8px 0;border-bottom:1px solid #e6e6ec;text-align:left;vertical-align:top;font-weight:700;color:#1b1b22;${FONT}font-size:15px;word-break:break-all;`,
  note: "margin:24px 0 16px;padding:12px 16px;background-color:#f3f0fd;border-radius:6px;color:#1b1b22;",
  button: `display:inline-block;padding:12px 24px;background-color:#4a1fb8;border-radius:6px;color:#ffffff;${FONT}font-size:16px;font-weight:700;text-decoration:none;`,
};

/** One line, as a header or a table cell wants it. */
const singleLine = (value: string) => value.replace(/\s+/g, " ").trim();
const fill = (template: string, values: Values) => interpolate(template, values);
/** The template's own words and every value escaped. */
const fillHtml = (template: string, values: Values) =>
  interpolate(escapeHtml(template), Object.fromEntries(Object.entries(values).map(([name, value]) => [name, escapeHtml(value)])));

const textRows = (language: Language, rows: Rows) =>
  rows.map(([label, value]) => interpolate(mailTexts[language].common.row, { label, value })).join("\n");
const htmlRows = (rows: Rows) =>
  `<table cellpadding="0" cellspacing="0" border="0" style="width:100%;border-collapse:collapse;margin:0 0 8px;">\n${rows
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="${STYLE.th}">${escapeHtml(label)}</th><td style="${STYLE.td}">${escapeHtml(value)}</td></tr>`,
    )
    .join("\n")}\n</table>`;
const htmlMultiline = (value: string) => escapeHtml(value).replace(/\n/g, "<br>\n");
const textDocument = (parts: ReadonlyArray<string>) => `${parts.filter((part) => part !== "").join("\n\n")}\n`;

/** The same light card as the other mails: dark text on white, inline styles, a table for layout. */
function htmlDocument(language: Language, title: string, preheader: string, body: string): string {
  return `<!doctype html>
<html lang="${language}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f3f3f6;">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;">${escapeHtml(preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f3f3f6;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background-color:#ffffff;border:1px solid #dcdce3;border-radius:8px;">
<tr><td style="padding:32px;${FONT}font-size:16px;line-height:1.6;color:#1b1b22;">
<p style="margin:0 0 24px;${FONT}font-size:14px;font-weight:700;letter-spacing:0.08em;text-transform:uppercase;color:#4a1fb8;">${escapeHtml(brand)}</p>
${body}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/** The blog's device guides, in the customer's language, on the site's public origin. */
export function setupGuidesUrl(language: Language): string {
  const url = new URL(localizePath("/blog", language), site.brand.origin);
  url.searchParams.set("category", "devices");
  return url.href;
}

const longDate = (language: Language, date: Date) => new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(date);

export function renderAccessMail(input: AccessMailInput, language: Language): RenderedMail {
  const t = mailTexts[language].accessMail;
  const values = { brand, supportEmail, reference: singleLine(input.reference), firstName: singleLine(input.firstName) };
  // Only the configured fields, in their configured order: whatever else the object carries stays out.
  const details: Rows = site.access.fields.map((field) => [t.fields[field], singleLine(input.details[field] ?? "")] as const);
  const period: Rows = [
    [t.startsLabel, longDate(language, input.startsAt)],
    [t.endsLabel, longDate(language, input.endsAt)],
  ];
  const note = input.details.note?.replace(/\r\n?/g, "\n").trim() ?? "";
  const guides = setupGuidesUrl(language);
  const subject = singleLine(fill(t.subject, values));
  const signature = fill(mailTexts[language].common.signature, values);

  const text = textDocument([
    fill(t.greeting, values),
    fill(t.intro, values),
    `${t.detailsHeading}\n${textRows(language, details)}`,
    note && `${t.noteHeading}\n${note}`,
    `${t.periodHeading}\n${textRows(language, period)}`,
    `${t.guidesHeading}\n${t.guidesText}\n${guides}`,
    t.keepSafe,
    fill(t.help, values),
    `${t.signOff}\n${signature}`,
  ]);
  const body = [
    `<h1 style="${STYLE.h1}">${escapeHtml(t.heading)}</h1>`,
    `<p style="${STYLE.p}">${fillHtml(t.greeting, values)}</p>`,
    `<p style="${STYLE.p}">${fillHtml(t.intro, values)}</p>`,
    `<h2 style="${STYLE.h2}">${escapeHtml(t.detailsHeading)}</h2>`,
    htmlRows(details),
    note && `<h2 style="${STYLE.h2}">${escapeHtml(t.noteHeading)}</h2>\n<p style="${STYLE.p}">${htmlMultiline(note)}</p>`,
    `<h2 style="${STYLE.h2}">${escapeHtml(t.periodHeading)}</h2>`,
    htmlRows(period),
    `<h2 style="${STYLE.h2}">${escapeHtml(t.guidesHeading)}</h2>`,
    `<p style="${STYLE.p}">${escapeHtml(t.guidesText)}</p>`,
    `<p style="margin:0 0 24px;"><a href="${escapeHtml(guides)}" style="${STYLE.button}">${escapeHtml(t.guidesButton)}</a></p>`,
    `<p style="${STYLE.note}">${escapeHtml(t.keepSafe)}</p>`,
    `<p style="${STYLE.p}">${fillHtml(t.help, values)}</p>`,
    `<p style="${STYLE.p}">${escapeHtml(t.signOff)}<br>\n${escapeHtml(signature)}</p>`,
  ]
    .filter((part) => part !== "")
    .join("\n");
  return { subject, text, html: htmlDocument(language, subject, fill(t.preheader, values), body) };
}

export function renderRefundMail(input: RefundMailInput, language: Language): RenderedMail {
  const t = mailTexts[language].refundMail;
  const values = {
    brand,
    supportEmail,
    reference: singleLine(input.reference),
    firstName: singleLine(input.firstName),
    amount: singleLine(input.amount),
  };
  const rows: Rows = [
    [t.referenceLabel, values.reference],
    [t.amountLabel, values.amount],
    [t.dateLabel, longDate(language, input.refundedAt)],
  ];
  const subject = singleLine(fill(t.subject, values));
  const signature = fill(mailTexts[language].common.signature, values);

  const text = textDocument([
    fill(t.greeting, values),
    fill(t.intro, values),
    textRows(language, rows),
    t.timing,
    fill(t.help, values),
    `${t.signOff}\n${signature}`,
  ]);
  const body = [
    `<h1 style="${STYLE.h1}">${escapeHtml(t.heading)}</h1>`,
    `<p style="${STYLE.p}">${fillHtml(t.greeting, values)}</p>`,
    `<p style="${STYLE.p}">${fillHtml(t.intro, values)}</p>`,
    htmlRows(rows),
    `<p style="${STYLE.p}">${escapeHtml(t.timing)}</p>`,
    `<p style="${STYLE.p}">${fillHtml(t.help, values)}</p>`,
    `<p style="${STYLE.p}">${escapeHtml(t.signOff)}<br>\n${escapeHtml(signature)}</p>`,
  ].join("\n");
  return { subject, text, html: htmlDocument(language, subject, fill(t.preheader, values), body) };
}
