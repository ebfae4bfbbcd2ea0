/**
 * The one frame of every mail: a mail says its words, values and blocks (blocks.ts), and `composeMail` makes
 * its subject, its plain text and its HTML from them, so that all mails look alike, escape alike and refuse
 * the same bad links. A mail to a customer ends with the team's signature and a link to their account, a
 * plain link that signs no one in (whoever forwards a mail forwards no access).
 */
import { type Language, languageFacts, localizePath } from "../../common/languages.ts";
import { site } from "../../content/site.ts";
import { type Block, blockHtml, blockText, escapeHtml } from "./blocks.ts";
import { interpolate, mailTexts, safeUrl, singleLine, type Values } from "./mail-texts.ts";
import { STYLE } from "./styles.ts";

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
  const account = customer ? accountFooter(language) : undefined;
  const subject = singleLine(say(words.subject));

  const text = [
    textBody(language, blocks),
    ...(footnote ? [`--\n${footnote.text.join("\n")}`] : []),
    ...(account ? [`--\n${account.text}`] : []),
  ];
  const body = [
    `<h1 style="${STYLE.h1}">${escapeHtml(say(words.heading))}</h1>`,
    ...blocks.map(blockHtml),
    ...(footnote ? [`<p style="${STYLE.cardFooter}">${footnote.html.join("<br>\n")}</p>`] : []),
  ];
  const preheader = words.preheader === undefined ? undefined : say(words.preheader);
  return {
    subject,
    text: `${text.join("\n\n")}\n`,
    html: htmlDocument({ language, title: subject, preheader, body: body.join("\n"), smallPrint: account?.html }),
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

/** The link to their account that ends every mail to a customer. */
function accountFooter(language: Language): { text: string; html: string } {
  const { accountText, accountLink } = mailTexts[language].common;
  const url = accountUrl(language);
  return { text: `${accountText} ${url}`, html: `${escapeHtml(accountText)} ${smallLink(url, accountLink)}` };
}

/** The page around a mail's body: the brand above it in a white card, and `smallPrint` (HTML) below the card. */
function htmlDocument(options: { language: Language; title: string; preheader?: string; body: string; smallPrint?: string }): string {
  const preheader = options.preheader
    ? `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;">${escapeHtml(options.preheader)}</div>\n`
    : "";
  const footer = options.smallPrint ? `<tr><td style="${STYLE.footer}">${options.smallPrint}</td></tr>\n` : "";
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
