/**
 * `/admin/orders.csv?from=…&to=…`: the orders paid and the refunds made in a range of days, as a CSV streamed
 * while it is read (docs/decisions/0023-the-books-in-the-console.md). Rows come in batches read from a key on
 * an index, merged by date, written as they come: memory holds a batch, whatever the range. The export is
 * recorded in the audit log before the first byte leaves; its header row is in the operator's language.
 */
import type { Language } from "../../../common/languages";
import { recordAudit } from "../../../server/admin/audit.ts";
import type { CsvCell } from "../../../server/admin/csv.ts";
import type { TimeRange } from "../../../server/db/books.ts";
import { type CreditNoteRow, creditNotesBatch, exportCounts, type PaidOrderRow, paidOrdersBatch } from "../../../server/db/books-export.ts";
import type { Database } from "../../../server/db/database.ts";
import type { Operator } from "../../../server/db/schema.ts";
import { csvStream } from "../list/csv-stream.server";
import { adminMessages } from "../messages.server";
import { inBatches, mergeSorted } from "./batches";
import { csvType, downloadHeaders } from "./download-headers";
import { csvHeader, orderLine, refundLine } from "./orders-csv";

export const EXPORT_BATCH_SIZE = 500;

export interface OrdersExport {
  from: string;
  to: string;
  range: TimeRange;
  language: Language;
  operator: Pick<Operator, "id" | "email">;
  address: string;
  /** Where the rows are read (the console's reader, docs/decisions/0029); `db` when not given. */
  reads?: Database;
}

/** Every line of the export, oldest first: orders by the time they were paid, refunds by their note's date. */
export function exportLines(db: Database, range: TimeRange, language: Language, batchSize: number): AsyncGenerator<CsvCell[]> {
  const words = adminMessages[language].books.csv;
  const orders = inBatches<PaidOrderRow, { paidAt: string; id: number }>(
    (after, size) => paidOrdersBatch(db, range, after, size),
    (row) => ({ paidAt: row.paid_at, id: row.id }),
    batchSize,
  );
  const refunds = inBatches<CreditNoteRow, { issuedAt: string; number: string }>(
    (after, size) => creditNotesBatch(db, range, after, size),
    (row) => ({ issuedAt: row.issued_at, number: row.number }),
    batchSize,
  );
  const merged = mergeSorted(orders, refunds, { first: (row) => row.paid_at, second: (row) => row.issued_at });
  return (async function* () {
    for await (const line of merged) yield line.from === "first" ? orderLine(line.row, words) : refundLine(line.row, words);
  })();
}

export function exportFilename(from: string, to: string): string {
  return `orders-${from}-to-${to}.csv`;
}

export async function exportOrders(db: Database, input: OrdersExport, batchSize = EXPORT_BATCH_SIZE, now = new Date()): Promise<Response> {
  const reads = input.reads ?? db;
  const counts = await exportCounts(reads, input.range);
  // Recorded before anything is sent: an export the log cannot record is not made.
  await recordAudit(
    db,
    {
      operatorId: input.operator.id,
      operatorEmail: input.operator.email,
      action: "export",
      subject: "orders",
      address: input.address,
      details: { from: input.from, to: input.to, orders: counts.orders, refunds: counts.refunds },
    },
    now,
  );
  const header = csvHeader(adminMessages[input.language].books.csv);
  const body = csvStream(header, exportLines(reads, input.range, input.language, batchSize), batchSize);
  return new Response(body, { headers: downloadHeaders(csvType, exportFilename(input.from, input.to)) });
}
