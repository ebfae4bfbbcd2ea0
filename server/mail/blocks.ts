/**
 * What a mail's body is made of, and each block drawn twice: as HTML and as plain text. A block holds finished
 * words (the mail has put its values in) and is escaped here, so no text reaches the HTML unescaped; every
 * link is checked here to be absolute http(s). layout.ts puts the blocks in the mail's frame.
 */
import type { Language } from "../../common/languages.ts";
import { interpolate, mailTexts, safeUrl } from "./mail-texts.ts";
import { STYLE } from "./styles.ts";

/** Label and value pairs, shown as a table in HTML and as "label: value" lines in text. */
export type Rows = ReadonlyArray<readonly [string, string]>;

export type Block =
  /** A paragraph; its line breaks are kept. */
  | { paragraph: string }
  /** A section's heading; in text it stands on the line above the block it heads. */
  | { heading: string }
  | { rows: Rows }
  /** Numbered steps. */
  | { steps: ReadonlyArray<string> }
  /** A paragraph set apart on a tinted background: what the reader must not miss. */
  | { note: string }
  /** Someone else's words (a contact form's message), as they wrote them. */
  | { quote: string }
  /** A code to type, large and spaced out so it is easy to read off a phone next to a TV. */
  | { code: { label: string; value: string } }
  /** A link drawn as a button; `fallback` introduces the link written out, for clients that show no button. */
  | { button: { label: string; url: string; fallback?: string } }
  /** A link written out, after a sentence that says where it goes. */
  | { link: { intro: string; url: string } };

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/** Escaped, with the line breaks kept. */
export function htmlLines(value: string): string {
  return escapeHtml(value.replace(/\r\n?/g, "\n")).replace(/\n/g, "<br>\n");
}

/** A label and its value on one line, in the language's own punctuation (French puts a space before the colon). */
export function textRow(language: Language, label: string, value: string): string {
  return interpolate(mailTexts[language].common.row, { label, value });
}

const htmlLink = (url: string, text: string, style: string) => `<a href="${escapeHtml(url)}" style="${style}">${escapeHtml(text)}</a>`;

const htmlRows = (rows: Rows) =>
  `<table cellpadding="0" cellspacing="0" border="0" style="${STYLE.table}">\n${rows
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="${STYLE.th}">${escapeHtml(label)}</th><td style="${STYLE.td}">${escapeHtml(value)}</td></tr>`,
    )
    .join("\n")}\n</table>`;

const htmlWrittenLink = (intro: string, url: string) =>
  `<p style="${STYLE.p}">${escapeHtml(intro)}<br>\n${htmlLink(url, url, STYLE.link)}</p>`;

export function blockHtml(block: Block): string {
  if ("paragraph" in block) return `<p style="${STYLE.p}">${htmlLines(block.paragraph)}</p>`;
  if ("heading" in block) return `<h2 style="${STYLE.h2}">${escapeHtml(block.heading)}</h2>`;
  if ("rows" in block) return htmlRows(block.rows);
  if ("steps" in block) {
    const items = block.steps.map((step) => `<li style="${STYLE.listItem}">${escapeHtml(step)}</li>`);
    return `<ol style="${STYLE.list}">\n${items.join("\n")}\n</ol>`;
  }
  if ("note" in block) return `<p style="${STYLE.note}">${htmlLines(block.note)}</p>`;
  if ("quote" in block) return `<div style="${STYLE.quote}">${htmlLines(block.quote)}</div>`;
  if ("code" in block) {
    const { label, value } = block.code;
    return `<p style="${STYLE.note}">${escapeHtml(label)}<br>\n<strong style="${STYLE.code}">${escapeHtml(value)}</strong></p>`;
  }
  if ("button" in block) {
    const { label, fallback } = block.button;
    const url = safeUrl(block.button.url);
    const button = `<p style="${STYLE.buttonRow}">${htmlLink(url, label, STYLE.button)}</p>`;
    return fallback === undefined ? button : `${button}\n${htmlWrittenLink(fallback, url)}`;
  }
  return htmlWrittenLink(block.link.intro, safeUrl(block.link.url));
}

export function blockText(language: Language, block: Block): string {
  if ("paragraph" in block) return block.paragraph;
  if ("heading" in block) return block.heading;
  if ("rows" in block) return block.rows.map(([label, value]) => textRow(language, label, value)).join("\n");
  if ("steps" in block) return block.steps.map((step, index) => `${index + 1}. ${step}`).join("\n");
  if ("note" in block) return block.note;
  if ("quote" in block) return block.quote;
  if ("code" in block) return textRow(language, block.code.label, block.code.value);
  if ("button" in block) return textRow(language, block.button.label, safeUrl(block.button.url));
  return `${block.link.intro}\n${safeUrl(block.link.url)}`;
}
