/**
 * The one frame of every mail: a mail says its words, values and blocks (blocks.ts), and `composeMail` makes
 * its subject, its plain text and its HTML from them, so that all mails look alike, escape alike and refuse
 * the same bad links. A mail to a customer ends with the team's signature and a link to their account, a
 * plain link that signs no one in (whoever forwards a mail forwards no access).
 */
import { type Language, languageFacts, localizePath } from "../../common/languages.ts";
import { site } from "../../content/site.ts";
import { type Block, blockHtml, blockText, escapeHtml, type Rows } from "./blocks.ts";
import { interpolate, mailTexts, safeUrl, singleLine, type Values } from "./mail-texts.ts";
import { STYLE } from "./styles.ts";

// What the mails not yet written as blocks still draw with.
export { escapeHtml, type Rows } from "./blocks.ts";
export { interpolate, longDate, type MailTexts, mailTexts, pluralKey, safeUrl, singleLine, type Values } from "./mail-texts.ts";
export { STYLE } from "./styles.ts";

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** The words every mail has, as its section of content/mail/<language>.json names them; `{{name}}` from `values`. */
export interface MailWords {
  /** Put on one line: a header. */
  subject: string;
  /** The line inboxes show after the subject; hidden in the mail. */
  preheader?: string;
  /** The HTML's title line (the text mail has its subject). */
  heading: string;
  greeting?: string;
  /** Above the team's signature, in a customer's mail. */
  signOff?: string;
}

/**
 * Small print closing the mail, set off by a rule (by `--` in text): why it came and, for a mail sent without
 * being asked for each time, the link that stops the next ones. Finished words, as in blocks; the unsubscribe
 * link's `text` is its line in the text mail, with the URL as `{{unsubscribeUrl}}`.
 */
export interface Footnote {
  text: string;
  unsubscribe?: { url: string; label: string; text: string };
}

export interface Mail {
  language: Language;
  words: MailWords;
  values: Values;
  blocks: ReadonlyArray<Block>;
  footnote?: Footnote;
  /** A customer's mail (the default) is signed and links to their account; an operator's has neither. */
  audience?: "customer" | "operator";
}

/** The customer's account in a language, on the site's public origin. */
export function accountUrl(language: Language): string {
  return new URL(localizePath("/account", language), site.brand.origin).href;
}

export function composeMail(mail: Mail): RenderedMail {
  const { language, words } = mail;
  const say = (template: string) => interpolate(template, mail.values);
  const customer = mail.audience !== "operator";
  const signature = interpolate(mailTexts[language].common.signature, { brand: site.brand.name });
  const blocks: Block[] = [
    ...(words.greeting === undefined ? [] : [{ paragraph: say(words.greeting) }]),
    ...mail.blocks,
    ...(customer ? [{ paragraph: words.signOff === undefined ? signature : `${words.signOff}\n${signature}` }] : []),
  ];
  const footnote = mail.footnote && footnoteLines(mail.footnote);
  const subject = singleLine(say(words.subject));

  const text = [textBody(language, blocks), ...(footnote ? [`--\n${footnote.text.join("\n")}`] : [])];
  const body = [
    `<h1 style="${STYLE.h1}">${escapeHtml(say(words.heading))}</h1>`,
    ...blocks.map(blockHtml),
    ...(footnote ? [`<p style="${STYLE.cardFooter}">${footnote.html.join("<br>\n")}</p>`] : []),
  ];
  const preheader = words.preheader === undefined ? undefined : say(words.preheader);
  return {
    subject,
    text: textDocument(text, customer ? language : undefined),
    html: htmlDocument({ language, title: subject, preheader, body: body.join("\n"), audience: mail.audience }),
  };
}

/** The blocks a blank line apart, but a heading on the line right above the block it heads. */
function textBody(language: Language, blocks: ReadonlyArray<Block>): string {
  return blocks
    .map((block, index) => {
      const after = index === blocks.length - 1 ? "" : "heading" in block ? "\n" : "\n\n";
      return `${blockText(language, block)}${after}`;
    })
    .join("");
}

const smallLink = (url: string, text: string) => `<a href="${escapeHtml(url)}" style="${STYLE.footerLink}">${escapeHtml(text)}</a>`;

function footnoteLines(footnote: Footnote): { text: string[]; html: string[] } {
  const lines = { text: [footnote.text], html: [escapeHtml(footnote.text)] };
  if (footnote.unsubscribe) {
    const url = safeUrl(footnote.unsubscribe.url);
    lines.text.push(interpolate(footnote.unsubscribe.text, { unsubscribeUrl: url }));
    lines.html.push(smallLink(url, footnote.unsubscribe.label));
  }
  return lines;
}

// ---- The pieces of the frame before blocks, for the mails not yet written as blocks.

/** `interpolate` for HTML: the texts are words, not markup, so the template and every value are escaped. */
export function interpolateHtml(template: string, values: Values): string {
  const escaped: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) escaped[name] = escapeHtml(String(value));
  return interpolate(escapeHtml(template), escaped);
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
