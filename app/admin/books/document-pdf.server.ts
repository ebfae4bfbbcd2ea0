/**
 * One invoice or credit note as its PDF, for the console: the document in the language it was issued in
 * (the customer's), as the customer's own download has it, named by its number.
 */
import { findDocument } from "../../../server/db/books.ts";
import type { Database } from "../../../server/db/database.ts";
import { creditNotePdf, creditNotePdfFileName, invoicePdf, invoicePdfFileName } from "../../invoices/pdf.server";
import { downloadHeaders, pdfType } from "./download-headers";

export async function documentPdfResponse(db: Database, number: string): Promise<Response | undefined> {
  const found = number.length <= 40 ? await findDocument(db, number) : undefined;
  if (!found) return undefined;
  const [bytes, name] =
    found.kind === "invoice"
      ? [await invoicePdf(db, found.document), invoicePdfFileName(found.document.number)]
      : [await creditNotePdf(db, found.document), creditNotePdfFileName(found.document.number)];
  return new Response(bytes, { headers: downloadHeaders(pdfType, name) });
}
