/**
 * Invoices and credit notes as PDFs (docs/decisions/0022-invoice-pdf-and-mail.md), drawn from the
 * document's stored snapshot, never from the order as it is now, so a PDF made years later says what the
 * invoice said the day it was issued. The words are the account page's (document-view.ts, document-texts.ts).
 *
 *   invoicePdf(db, invoice, language?)      → Promise<Uint8Array<ArrayBuffer>>   an invoice row as a PDF
 *   creditNotePdf(db, note, language?)      → Promise<Uint8Array<ArrayBuffer>>   a credit note row as a PDF
 *   invoicePdfById(db, invoiceId)           → Promise<NamedPdf | undefined>   for the confirmation mail
 *   invoicePdfFileName(number), creditNotePdfFileName(number)  → `invoice-2026-000001.pdf`, …
 *   renderInvoicePdf / renderCreditNotePdf  the same without a database, given the order's reference
 *
 * `language` defaults to the document's own (the customer's language when it was issued). Each call reads
 * one or two rows and renders in memory (a few kilobytes, a few milliseconds); it throws when a row it needs
 * is missing or the database fails.
 */
import { perLanguage } from "../../common/content-files";
import { defaultLanguage, isLanguage, type Language, localeTags } from "../../common/languages";
import type { Database } from "../../server/db/database.ts";
import { findOrderById } from "../../server/db/orders.ts";
import type { CreditNote, Invoice } from "../../server/db/schema.ts";
import { translate } from "../i18n/translate";
import { type DocumentMessages, type DocumentT, documentTexts } from "./document-texts";
import { creditNoteView, type DocumentView, invoiceView } from "./document-view";
import { renderDocumentPdf } from "./pdf-layout.server";

export interface NamedPdf {
  fileName: string;
  bytes: Uint8Array<ArrayBuffer>;
}

const languageOf = (document: { language: string }, asked?: Language): Language =>
  asked ?? (isLanguage(document.language) ? document.language : defaultLanguage);

/** `invoice-NS-2026-000001.pdf`: the number kept to characters every file system and mail client accepts. */
export const invoicePdfFileName = (number: string) => `invoice-${safe(number)}.pdf`;
export const creditNotePdfFileName = (number: string) => `credit-note-${safe(number)}.pdf`;
const safe = (number: string) => number.replace(/[^A-Za-z0-9_-]+/g, "-");

const invoiceFiles = import.meta.glob<DocumentMessages["invoice"]>("../../content/locales/account/*/invoice.json", {
  eager: true,
  import: "default",
});
/** Each language's words for the documents: the same files the account's pages read them from. */
const invoiceTexts = perLanguage(invoiceFiles, (language) => `../../content/locales/account/${language}/invoice.json`);

/** The PDF of a document view, in its language, with its title and seller in the metadata. */
export function documentPdf(view: DocumentView, language: Language): Promise<Uint8Array<ArrayBuffer>> {
  const t: DocumentT = (key, values) => translate({ invoice: invoiceTexts[language] }, language, key, values);
  const texts = documentTexts(view, t);
  return renderDocumentPdf(texts, {
    language: localeTags[language],
    title: texts.title,
    author: view.seller.legalName,
    createdAt: new Date(view.issuedAt),
  });
}

export function renderInvoicePdf(invoice: Invoice, orderReference: string, language?: Language): Promise<Uint8Array<ArrayBuffer>> {
  const chosen = languageOf(invoice, language);
  return documentPdf(invoiceView(invoice, orderReference, chosen), chosen);
}

export function renderCreditNotePdf(
  note: CreditNote,
  invoice: Invoice,
  orderReference: string,
  language?: Language,
): Promise<Uint8Array<ArrayBuffer>> {
  const chosen = languageOf(note, language);
  return documentPdf(creditNoteView(note, invoice, orderReference, chosen), chosen);
}

async function orderReferenceOf(db: Database, orderId: number): Promise<string> {
  const order = await findOrderById(db, orderId);
  if (!order) throw new Error(`order #${orderId} of a document is not stored`);
  return order.reference;
}

export async function invoicePdf(db: Database, invoice: Invoice, language?: Language): Promise<Uint8Array<ArrayBuffer>> {
  return renderInvoicePdf(invoice, await orderReferenceOf(db, invoice.order_id), language);
}

export async function creditNotePdf(db: Database, note: CreditNote, language?: Language): Promise<Uint8Array<ArrayBuffer>> {
  const invoice = await db.selectFrom("invoices").selectAll().where("id", "=", note.invoice_id).executeTakeFirst();
  if (!invoice) throw new Error(`invoice #${note.invoice_id} of credit note #${note.id} is not stored`);
  return renderCreditNotePdf(note, invoice, await orderReferenceOf(db, note.order_id), language);
}

/** The invoice a mail attaches, by id, with its file name; undefined when there is no such invoice. */
export async function invoicePdfById(db: Database, invoiceId: number): Promise<NamedPdf | undefined> {
  const invoice = await db.selectFrom("invoices").selectAll().where("id", "=", invoiceId).executeTakeFirst();
  if (!invoice) return undefined;
  return { fileName: invoicePdfFileName(invoice.number), bytes: await invoicePdf(db, invoice) };
}
