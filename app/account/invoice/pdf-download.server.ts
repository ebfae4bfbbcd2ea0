/**
 * `/account/invoices/:number/pdf` and `/account/credit-notes/:number/pdf`: the signed-in customer's
 * document as a PDF file, in the page's language. Signed out: sent to the sign-in. Someone else's number, or
 * one that does not exist: 404 in words, as the page. The database down: 503 in words. Always
 * `private, no-store`: the file names the customer.
 */
import { type RouterContextProvider, redirect } from "react-router";
import { type Language, localizePath } from "../../../common/languages";
import type { Database } from "../../../server/db/database.ts";
import { logger } from "../../../server/logger.ts";
import { privateNoStore } from "../../cache-control";
import { creditNotePdfFileName, invoicePdfFileName, renderCreditNotePdf, renderInvoicePdf } from "../../invoices/pdf.server";
import { servicesOf } from "../../services.server";
import { accountMessages } from "../messages.server";
import { currentSession } from "../session.server";
import { ownCreditNote, ownInvoice } from "./owned.server";

export type DocumentKind = "invoice" | "credit-note";

const words = (text: string, status: number) =>
  new Response(text, { status, headers: { ...privateNoStore, "Content-Type": "text/plain; charset=utf-8" } });

export async function documentPdfDownload(
  context: Readonly<RouterContextProvider>,
  request: Request,
  kind: DocumentKind,
  number: string,
  language: Language,
): Promise<Response> {
  const texts = accountMessages[language];
  try {
    const { db } = await servicesOf(context);
    const session = await currentSession(db, request);
    if (!session) return redirect(localizePath("/account", language), { status: 303, headers: privateNoStore });
    const file =
      kind === "invoice" ? await invoiceFile(db, session, number, language) : await creditNoteFile(db, session, number, language);
    if (!file) return words(kind === "invoice" ? texts.invoice.notFound : texts.invoice.creditNoteNotFound, 404);
    return new Response(file.bytes, {
      headers: {
        ...privateNoStore,
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${file.fileName}"`,
        "Content-Length": String(file.bytes.byteLength),
      },
    });
  } catch (error) {
    logger.error({ kind, reason: (error as Error).message }, "An account's document could not be drawn as a PDF");
    return words(texts.common.unavailable, 503);
  }
}

async function invoiceFile(db: Database, session: { email: string }, number: string, language: Language) {
  const owned = await ownInvoice(db, session, number);
  if (!owned) return undefined;
  const bytes = await renderInvoicePdf(owned.invoice, owned.order.reference, language);
  return { fileName: invoicePdfFileName(owned.invoice.number), bytes };
}

async function creditNoteFile(db: Database, session: { email: string }, number: string, language: Language) {
  const owned = await ownCreditNote(db, session, number);
  if (!owned) return undefined;
  const bytes = await renderCreditNotePdf(owned.note, owned.invoice, owned.order.reference, language);
  return { fileName: creditNotePdfFileName(owned.note.number), bytes };
}
