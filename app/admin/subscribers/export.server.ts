/**
 * The subscribers' CSV export. Column names are in English whoever exports: the file is fed to other tools
 * (a mailing service's import, a script) that should not care about the operator's language, and the values
 * (state names, ISO timestamps) are machine-readable for the same reason. Every export is in the audit log:
 * it takes personal data out of the shop. The rows are read in batches while the file is sent, so half a
 * million addresses cost the server one batch of memory (docs/decisions/0027).
 */
import { recordAudit } from "../../../server/admin/audit.ts";
import type { CsvCell } from "../../../server/admin/csv.ts";
import {
  countSubscribersByState,
  type SubscriberFilter,
  type SubscriberRow,
  subscriberState,
  subscribersBatch,
} from "../../../server/db/admin-subscribers.ts";
import type { Database } from "../../../server/db/database.ts";
import type { Operator } from "../../../server/db/schema.ts";
import { inBatches } from "../books/batches";
import { csvType, downloadHeaders } from "../books/download-headers";
import { csvStream } from "../list/csv-stream.server";

export const subscriberCsvHeader = ["email", "language", "state", "signed_up", "confirmed", "unsubscribed"];
export const SUBSCRIBERS_BATCH_SIZE = 1_000;

export function subscriberLine(row: SubscriberRow): CsvCell[] {
  return [row.email, row.language, subscriberState(row), row.created_at, row.confirmed_at, row.unsubscribed_at];
}

/** `subscribers-confirmed-2026-03-01.csv`: what and when, so several exports side by side stay apart. */
export function exportFilename(filter: SubscriberFilter, now: Date): string {
  return `subscribers-${filter}-${now.toISOString().slice(0, 10)}.csv`;
}

async function* subscriberLines(db: Database, filter: SubscriberFilter, batchSize: number): AsyncGenerator<CsvCell[]> {
  const rows = inBatches<SubscriberRow, { createdAt: string; id: number }>(
    (after, size) => subscribersBatch(db, filter, after, size),
    (row) => ({ createdAt: row.created_at, id: row.id }),
    batchSize,
  );
  for await (const row of rows) yield subscriberLine(row);
}

export async function exportSubscribers(
  db: Database,
  // `reads`: where the rows are read (the console's reader, docs/decisions/0029); `db` when not given.
  input: { filter: SubscriberFilter; operator: Pick<Operator, "id" | "email">; address: string; reads?: Database },
  now: Date = new Date(),
  batchSize = SUBSCRIBERS_BATCH_SIZE,
): Promise<Response> {
  const reads = input.reads ?? db;
  const counts = await countSubscribersByState(reads);
  const rows = input.filter === "all" ? counts.confirmed + counts.awaiting + counts.unsubscribed : counts[input.filter];
  // Recorded before anything is sent: an export the log cannot record is not made.
  await recordAudit(
    db,
    {
      operatorId: input.operator.id,
      operatorEmail: input.operator.email,
      action: "export",
      subject: "subscribers",
      address: input.address,
      details: { state: input.filter, rows },
    },
    now,
  );
  const body = csvStream(subscriberCsvHeader, subscriberLines(reads, input.filter, batchSize), batchSize);
  return new Response(body, { headers: downloadHeaders(csvType, exportFilename(input.filter, now)) });
}
