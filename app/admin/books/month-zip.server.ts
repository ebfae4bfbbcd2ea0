/**
 * `/admin/invoices.zip?month=…`: a month's invoices and credit notes as PDFs in one ZIP, streamed
 * (docs/decisions/0023-the-books-in-the-console.md). Documents are read in batches from a key, and each PDF
 * is rendered only when the download asks for more: one PDF in memory at a time, whatever the month holds.
 * client-zip writes the archive as it goes; PDFs are already compressed, so they are stored, not deflated again.
 */
import { makeZip } from "client-zip";
import { recordAudit } from "../../../server/admin/audit.ts";
import type { TimeRange } from "../../../server/db/books.ts";
import { documentCounts } from "../../../server/db/books-archive.ts";
import type { Database } from "../../../server/db/database.ts";
import type { Operator } from "../../../server/db/schema.ts";
import { logger } from "../../../server/logger.ts";
import { creditNotePdfFileName, invoicePdfFileName, renderCreditNotePdf, renderInvoicePdf } from "../../invoices/pdf.server";
import { downloadHeaders, zipType } from "./download-headers";
import { type ArchivedDocument, monthDocuments } from "./month-documents.server";
import { withZip64Count } from "./zip64-count";

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
 * Rendering runs on the visitors' thread, and pdfkit's stream ends on process.nextTick: without a turn of
 * the event loop between two PDFs, a download that never waits on its socket would hold every visitor for
 * the whole month. One PDF takes a few milliseconds; a visitor waits at most about that long.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The files as a ZIP byte stream: each file made (rendered) only when the reader wants more bytes.
 * client-zip keeps about two hundred bytes per file for the directory that ends the archive, and writes
 * Zip64 past 4 GB (zip64-count.ts adds it past 65,535 files); fflate's Zip kept over a kilobyte per file
 * (40 MB for a month of 33,000), and its count of files wrapped past 65,535.
 */
export function zipStream(files: AsyncIterable<ArchiveFile>): ReadableStream<Uint8Array> {
  let count = 0;
  const zip = makeZip(
    (async function* () {
      try {
        for await (const file of files) {
          count++;
          yield { name: file.name, input: file.bytes, lastModified: new Date(file.issuedAt) };
        }
      } catch (error) {
        // The download stops short (the browser says it failed) rather than ending as if it were whole.
        logger.error({ reason: (error as Error).message }, "A month's ZIP of invoices failed while streaming");
        throw error;
      }
    })(),
    { buffersAreUTF8: true },
  );
  return withZip64Count(zip, () => count);
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
    for await (const document of documents) {
      await nextTurn();
      yield await documentFile(document);
    }
  })();
  return new Response(zipStream(files), { headers: downloadHeaders(zipType, zipFilename(input.month)) });
}
