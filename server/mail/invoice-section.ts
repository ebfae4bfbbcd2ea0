/**
 * The "Your invoice" part of a mail that confirms a payment (the first order's confirmation, a renewal's):
 * the invoice's number and a link to its page in the customer's account. Its words are the confirmation's
 * (`orderConfirmation.invoice*` in content/mail/<language>.json), so the two mails say it alike.
 */
import type { Language } from "../../common/languages.ts";
import type { Block } from "./blocks.ts";
import { interpolate, mailTexts, singleLine } from "./mail-texts.ts";

/** The order's invoice and its page in the account, in the mail's language (absolute http(s) URL). */
export interface InvoiceLink {
  number: string;
  url: string;
}

/** The section's blocks; none without an invoice. */
export function invoiceBlocks(language: Language, link: InvoiceLink | undefined): Block[] {
  if (!link) return [];
  const t = mailTexts[language].orderConfirmation;
  return [
    { heading: t.invoiceHeading },
    { paragraph: interpolate(t.invoiceText, { number: singleLine(link.number) }) },
    { button: { label: t.invoiceButton, url: link.url, fallback: t.invoiceLinkIntro } },
  ];
}
