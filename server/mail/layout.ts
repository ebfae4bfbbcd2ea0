/**
 * What every mail is built from, in one place so that all of them look alike, escape alike and refuse the
 * same bad links: templates.ts, access-mail.ts, reminder-mail.ts, sign-in-mail.ts and operator-alert-mail.ts
 * only say what their mail contains. Text reaches the HTML through these functions, which escape it; only
 * the `body`, `footer` and `html` arguments are taken as HTML, and those are built from these functions in
 * turn.
 */
import { perLanguage } from "../../common/content-files.ts";
import { type Language, languageFacts, localeTags, localizePath } from "../../common/languages.ts";
import type en from "../../content/mail/en.json";
import { site } from "../../content/site.ts";

/** The shape of one language's mail texts (English is the reference; layout.test.ts holds the others to it). */
export type MailTexts = typeof en;

/** Every language's mail texts, one file each under content/mail/. Here because every mail reads them. */
export const mailTexts = perLanguage(
  import.meta.glob<MailTexts>("../../content/mail/*.json", { eager: true, import: "default" }),
  (language) => `../../content/mail/${language}.json`,
);

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export type Values = Readonly<Record<string, string | number>>;
/** Label and value pairs, shown as a table in HTML and as "label: value" lines in text. */
export type Rows = ReadonlyArray<readonly [string, string]>;

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/** Replaces each `{{name}}`; a placeholder without a value is a programming error and throws. */
export function interpolate(template: string, values: Values): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Mail text placeholder {{${name}}} has no value in "${template}"`);
    return String(value);
  });
}

/** `interpolate` for HTML: the texts are words, not markup, so the template and every value are escaped. */
export function interpolateHtml(template: string, values: Values): string {
  const escaped: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) escaped[name] = escapeHtml(String(value));
  return interpolate(escapeHtml(template), escaped);
}

/** A line break in a header would let a value add headers (`Bcc:`), and runs of spaces come from pasted input. */
export function singleLine(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

/** The URL, checked to be absolute http(s) so no `javascript:` or relative link can reach a mail. */
export function safeUrl(url: string): string {
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

export function pluralKey(language: Language, count: number): "one" | "other" {
  return new Intl.PluralRules(localeTags[language]).select(count) === "one" ? "one" : "other";
}

/** A day in words ("June 1, 2026"), in UTC so the date does not depend on the server's time zone. */
export function longDate(language: Language, date: Date): string {
  return new Intl.DateTimeFormat(localeTags[language], { dateStyle: "long", timeZone: "UTC" }).format(date);
}

// Dark text on a light page, inline styles and tables for layout: what mail clients render reliably.
export const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;";
const smallPrint = `${FONT}font-size:13px;line-height:1.5;color:#4b4b57;`;
export const STYLE = {
  body: "margin:0;padding:0;background-color:#f3f3f6;",
  card: "max-width:600px;background-color:#ffffff;border:1px solid #dcdce3;border-radius:8px;",
  content: `padding:32px;${FONT}font-size:16px;line-height:1.6;color:#1b1b22;`,
  brand: `margin:0 0 24px;${FONT}font-size:14px;font-weight:700;letter-spacing:0.08em;text-transform:uppercase;color:#4a1fb8;`,
  h1: `margin:0 0 16px;${FONT}font-size:24px;line-height:1.3;font-weight:700;color:#1b1b22;`,
  h2: `margin:28px 0 8px;${FONT}font-size:18px;line-height:1.4;font-weight:700;color:#1b1b22;`,
  p: "margin:0 0 16px;",
  th: `padding:8px 12px 8px 0;border-bottom:1px solid #e6e6ec;text-align:left;vertical-align:top;font-weight:400;color:#4b4b57;${FONT}font-size:15px;`,
  td: `padding:8px 0;border-bottom:1px solid #e6e6ec;text-align:left;vertical-align:top;font-weight:700;color:#1b1b22;${FONT}font-size:15px;`,
  list: "margin:0 0 16px;padding-left:24px;",
  listItem: "margin:0 0 8px;",
  note: "margin:24px 0 16px;padding:12px 16px;background-color:#f3f0fd;border-radius:6px;color:#1b1b22;",
  quote: "margin:0 0 16px;padding:12px 16px;border-left:4px solid #4a1fb8;background-color:#f6f6f9;color:#1b1b22;",
  button: `display:inline-block;padding:12px 24px;background-color:#4a1fb8;border-radius:6px;color:#ffffff;${FONT}font-size:16px;font-weight:700;text-decoration:none;`,
  link: "color:#4a1fb8;text-decoration:underline;word-break:break-all;",
  footer: `padding:16px 32px 0;${smallPrint}`,
  cardFooter: `margin:24px 0 0;padding-top:16px;border-top:1px solid #e6e6ec;${smallPrint}`,
  footerLink: "color:#4b4b57;text-decoration:underline;",
};

/** The customer's account in a language, on the site's public origin. */
export function accountUrl(language: Language): string {
  return new URL(localizePath("/account", language), site.brand.origin).href;
}

/**
 * The link to the account that every mail to a customer carries: a plain link to the sign-in page, which
 * signs no one in by itself (whoever forwards a mail forwards no access).
 */
export function accountFooter(language: Language): { text: string; html: string } {
  const { accountText, accountLink } = mailTexts[language].common;
  const url = accountUrl(language);
  return {
    text: `${accountText} ${url}`,
    html: `${escapeHtml(accountText)} <a href="${escapeHtml(url)}" style="${STYLE.footerLink}">${escapeHtml(accountLink)}</a>`,
  };
}

/**
 * The page around a mail's body: the brand above it in a white card, and `footer` (already HTML) in small
 * print below the card. The preheader is the line inboxes show after the subject; it is hidden in the mail.
 * A mail is a customer's unless said otherwise: its small print starts with the link to their account
 * (`accountFooter`); an operator's mail (`audience: "operator"`) has none.
 */
export function htmlDocument(options: {
  language: Language;
  title: string;
  preheader?: string;
  body: string;
  footer?: string;
  audience?: "customer" | "operator";
}): string {
  const preheader = options.preheader
    ? `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;">${escapeHtml(options.preheader)}</div>\n`
    : "";
  const account = options.audience === "operator" ? [] : [accountFooter(options.language).html];
  const small = [...account, ...(options.footer ? [options.footer] : [])].join("<br><br>\n");
  const footer = small ? `<tr><td style="${STYLE.footer}">${small}</td></tr>\n` : "";
  return `<!doctype html>
<html lang="${options.language}" dir="${languageFacts(options.language).direction}">
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
<p style="${STYLE.brand}">${escapeHtml(site.brand.name)}</p>
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

/**
 * A two-column table of label and value, read by screen readers as row headers and cells. `breakValues` lets
 * long unbroken values (passwords, URLs) wrap instead of widening the card; `spaceAfter` leaves the room a
 * following paragraph needs (a following heading brings its own).
 */
export function htmlRows(rows: Rows, options: { breakValues?: boolean; spaceAfter?: boolean } = {}): string {
  const td = options.breakValues ? `${STYLE.td}word-break:break-all;` : STYLE.td;
  const table = `width:100%;border-collapse:collapse;margin:0 0 ${options.spaceAfter ? 24 : 8}px;`;
  const body = rows
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="${STYLE.th}">${escapeHtml(label)}</th><td style="${td}">${escapeHtml(value)}</td></tr>`,
    )
    .join("\n");
  return `<table cellpadding="0" cellspacing="0" border="0" style="${table}">\n${body}\n</table>`;
}

/** The rows as "label: value" lines, in the language's own punctuation (French puts a space before the colon). */
export function textRows(language: Language, rows: Rows): string {
  return rows.map(([label, value]) => interpolate(mailTexts[language].common.row, { label, value })).join("\n");
}

/** Escaped, with the line breaks kept. */
export function htmlMultiline(value: string): string {
  return escapeHtml(value.replace(/\r\n?/g, "\n")).replace(/\n/g, "<br>\n");
}

/**
 * Joins paragraphs of a plain-text mail with one blank line between them; an empty part is an absent section.
 * A customer's mail names its language (`forCustomerIn`): it ends with the link to their account.
 */
export function textDocument(parts: ReadonlyArray<string>, forCustomerIn?: Language): string {
  const account = forCustomerIn ? [`--\n${accountFooter(forCustomerIn).text}`] : [];
  return `${[...parts, ...account].filter((part) => part !== "").join("\n\n")}\n`;
}

/** A link drawn as a button; `spaceAbove` sets it apart from the paragraph before it. */
export function htmlButton(url: string, label: string, options: { spaceAbove?: boolean } = {}): string {
  const margin = options.spaceAbove ? "margin:24px 0;" : "margin:0 0 24px;";
  return `<p style="${margin}"><a href="${escapeHtml(url)}" style="${STYLE.button}">${escapeHtml(label)}</a></p>`;
}

/** The button's link written out, for clients that do not show the button or do not let it be clicked. */
export function htmlLinkFallback(intro: string, url: string): string {
  return `<p style="${STYLE.p}">${escapeHtml(intro)}<br>\n<a href="${escapeHtml(url)}" style="${STYLE.link}">${escapeHtml(url)}</a></p>`;
}

/**
 * Why the mail arrived and how to stop mails like it, for a mail sent without being asked for each time.
 * `words.reason` may use `values`; `words.unsubscribeText` gets the URL as `{{unsubscribeUrl}}`.
 */
export function unsubscribeFooter(
  words: { reason: string; unsubscribeText: string; unsubscribeLink: string },
  values: Values,
  unsubscribeUrl: string,
): { text: string; html: string } {
  const url = safeUrl(unsubscribeUrl);
  return {
    text: `${interpolate(words.reason, values)}\n${interpolate(words.unsubscribeText, { unsubscribeUrl: url })}`,
    html: `${interpolateHtml(words.reason, values)}<br>\n<a href="${escapeHtml(url)}" style="${STYLE.footerLink}">${escapeHtml(words.unsubscribeLink)}</a>`,
  };
}

/** Small print closing the card, set off by a rule: for footers that belong with the message itself. */
export function htmlCardFooter(html: string): string {
  return `<p style="${STYLE.cardFooter}">${html}</p>`;
}
