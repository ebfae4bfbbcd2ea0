/**
 * `/admin/invoices.zip?month=…`: a month's invoices and credit notes as PDFs in one ZIP, streamed
 * (docs/decisions/0023-the-books-in-the-console.md). Documents are read in batches from a key, and each PDF
 * is rendered only when the download asks for more: one PDF in memory at a time, whatever the month holds.
 * The archive is written as it goes; PDFs are already compressed, so they are stored, not deflated again.
 */
import { recordAudit } from "../../../server/admin/audit.ts";
import type { TimeRange } from "../../../server/db/books.ts";
import { documentCounts } from "../../../server/db/books-archive.ts";
import type { Database } from "../../../server/db/database.ts";
import type { Operator } from "../../../server/db/schema.ts";
import { logger } from "../../../server/logger.ts";
import { creditNotePdfFileName, invoicePdfFileName, renderCreditNotePdf, renderInvoicePdf } from "../../invoices/pdf.server";
import { downloadHeaders, zipType } from "./download-headers";
import { halfTheThread } from "./half-the-thread";
import { type ArchivedDocument, monthDocuments } from "./month-documents.server";
import { zipStream as writeZip } from "./zip-writer.server";

export { monthDocuments } from "./month-documents.server";

export const ZIP_BATCH_SIZE = 50;

export interface ArchiveFile {
  name: string;
  bytes: Uint8Array;
  /** When the document was issued: the file's date in the archive, so one month's ZIP is the same every time. */
  issuedAt: string;
}

/** A document as its PDF, in the language it was issued in, named by its number. */
export async function documentFile(document: ArchivedDocument): Promise<ArchiveFile> {
  const { row, orderReference } = document;
  const bytes =
    document.kind === "invoice"
      ? await renderInvoicePdf(document.row, orderReference)
      : await renderCreditNotePdf(document.row, document.invoice, orderReference);
  const name = document.kind === "invoice" ? invoicePdfFileName(row.number) : creditNotePdfFileName(row.number);
  return { name, bytes, issuedAt: row.issued_at };
}

/**
 * The files as a ZIP byte stream (./zip-writer.server.ts): each file made (rendered) only when the reader
 * wants more bytes, and about 80 bytes kept per file for the directory that ends the archive.
 */
export function zipStream(files: AsyncIterable<ArchiveFile>): ReadableStream<Uint8Array> {
  return writeZip(
    (async function* () {
      try {
        for await (const file of files) yield { name: file.name, bytes: file.bytes, lastModified: new Date(file.issuedAt) };
      } catch (error) {
        // The download stops short (the browser says it failed) rather than ending as if it were whole.
        logger.error({ reason: (error as Error).message }, "A month's ZIP of invoices failed while streaming");
        throw error;
      }
    })(),
  );
}

export const zipFilename = (month: string) => `invoices-${month}.zip`;

export interface MonthZipInput {
  month: string;
  range: TimeRange;
  operator: Pick<Operator, "id" | "email">;
  address: string;
  /** Where the documents are read (the console's reader, docs/decisions/0029); `db` when not given. */
  reads?: Database;
}

export async function exportMonthZip(db: Database, input: MonthZipInput, batchSize = ZIP_BATCH_SIZE, now = new Date()): Promise<Response> {
  const reads = input.reads ?? db;
  const counts = await documentCounts(reads, input.range);
  // Recorded before anything is sent: the documents name customers, and leave the shop in this file.
  await recordAudit(
    db,
    {
      operatorId: input.operator.id,
      operatorEmail: input.operator.email,
      action: "export",
      subject: "invoices",
      address: input.address,
      details: { month: input.month, invoices: counts.invoices, creditNotes: counts.creditNotes },
    },
    now,
  );
  const documents = monthDocuments(reads, input.range, batchSize);
  const files = (async function* () {
    const pace = halfTheThread();
    for await (const document of documents) yield await pace.run(() => documentFile(document));
  })();
  return new Response(zipStream(files), { headers: downloadHeaders(zipType, zipFilename(input.month)) });
}
