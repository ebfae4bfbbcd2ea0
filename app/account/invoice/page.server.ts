/**
 * `/account/invoices/:number`, on the server: an invoice of the signed-in customer's orders, with the credit
 * notes that correct it. Someone else's invoice answers 404, exactly as a number that does not exist, so the
 * page never tells whether a number is real. Every answer is `private, no-store`.
 */
import { data, type RouterContextProvider, redirect } from "react-router";
import { type Language, localizePath } from "../../../common/languages";
import { creditNotesOfOrder } from "../../../server/db/invoices.ts";
import type { CreditNote, Invoice } from "../../../server/db/schema.ts";
import { logger } from "../../../server/logger.ts";
import { privateNoStore } from "../../cache-control";
import { documentFormat, invoiceView } from "../../invoices/document-view";
import { servicesOf } from "../../services.server";
import { currentSession } from "../session.server";
import { ownInvoice } from "./owned.server";

/**
 * The page's invoice: the document as every copy of it reads (app/invoices/document-view.ts, the PDF's too),
 * and the credit notes that correct it since.
 */
export function invoicePageView(invoice: Invoice, notes: CreditNote[], orderReference: string, language: Language) {
  const format = documentFormat(language, invoice.currency);
  return {
    ...invoiceView(invoice, orderReference, language),
    creditNotes: notes.map((note) => ({
      number: note.number,
      issuedOn: format.date(note.issued_at),
      total: format.money(note.total_cents),
    })),
  };
}

export type InvoicePageView = ReturnType<typeof invoicePageView>;

const answer = <T>(body: T, status = 200) => data(body, { status, headers: privateNoStore });

export async function loadInvoicePage(context: Readonly<RouterContextProvider>, request: Request, number: string, language: Language) {
  try {
    const { db } = await servicesOf(context);
    const session = await currentSession(db, request);
    if (!session) return redirect(localizePath("/account", language), { status: 303, headers: privateNoStore });
    const owned = await ownInvoice(db, session, number);
    if (!owned) return answer({ state: "not-found" as const }, 404);
    const { invoice, order } = owned;
    const notes = await creditNotesOfOrder(db, order.id);
    return answer({ state: "found" as const, invoice: invoicePageView(invoice, notes, order.reference, language) });
  } catch (error) {
    logger.error({ reason: (error as Error).message }, "An account's invoice page could not be loaded");
    return answer({ state: "unavailable" as const }, 503);
  }
}
