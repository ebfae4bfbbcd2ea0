/**
 * The "Your invoice" part of a mail that confirms a payment (the first order's confirmation, a renewal's):
 * the invoice's number and a link to its page in the customer's account. Its words are the confirmation's
 * (`orderConfirmation.invoice*` in content/mail/<language>.json), so the two mails say it alike.
 */
import type { Language } from "../../common/languages.ts";
import { escapeHtml, htmlButton, htmlLinkFallback, interpolate, mailTexts, STYLE, safeUrl, singleLine } from "./layout.ts";

/** The order's invoice and its page in the account, in the mail's language (absolute http(s) URL). */
export interface InvoiceLink {
  number: string;
  url: string;
}

/** The section as plain-text paragraphs and HTML blocks; both empty without an invoice. */
export function invoiceSection(language: Language, link: InvoiceLink | undefined): { text: string[]; html: string[] } {
  if (!link) return { text: [], html: [] };
  const t = mailTexts[language].orderConfirmation;
  const url = safeUrl(link.url);
  const sentence = interpolate(t.invoiceText, { number: singleLine(link.number) });
  return {
    text: [`${t.invoiceHeading}\n${sentence}\n${url}`],
    html: [
      `<h2 style="${STYLE.h2}">${escapeHtml(t.invoiceHeading)}</h2>`,
      `<p style="${STYLE.p}">${escapeHtml(sentence)}</p>`,
      htmlButton(url, t.invoiceButton),
      htmlLinkFallback(t.invoiceLinkIntro, url),
    ],
  };
}
