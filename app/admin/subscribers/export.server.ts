/**
 * The subscribers' CSV export. Column names are in English whoever exports: the file is fed to other tools
 * (a mailing service's import, a script) that should not care about the operator's language, and the values
 * (state names, ISO timestamps) are machine-readable for the same reason. Every export is in the audit log:
 * it takes personal data out of the shop.
 */
import { recordAudit } from "../../../server/admin/audit.ts";
import { toCsv } from "../../../server/admin/csv.ts";
import { allSubscribers, type SubscriberFilter, type SubscriberRow, subscriberState } from "../../../server/db/admin-subscribers.ts";
import type { Database } from "../../../server/db/database.ts";
import type { Operator } from "../../../server/db/schema.ts";

export const subscriberCsvHeader = ["email", "language", "state", "signed_up", "confirmed", "unsubscribed"];

export function subscribersCsv(rows: readonly SubscriberRow[]): string {
  return toCsv([
    subscriberCsvHeader,
    ...rows.map((row) => [row.email, row.language, subscriberState(row), row.created_at, row.confirmed_at, row.unsubscribed_at]),
  ]);
}

/** `subscribers-confirmed-2026-03-01.csv`: what and when, so several exports side by side stay apart. */
export function exportFilename(filter: SubscriberFilter, now: Date): string {
  return `subscribers-${filter}-${now.toISOString().slice(0, 10)}.csv`;
}

export async function exportSubscribers(
  db: Database,
  input: { filter: SubscriberFilter; operator: Pick<Operator, "id" | "email">; address: string },
  now: Date = new Date(),
): Promise<Response> {
  const rows = await allSubscribers(db, input.filter);
  const body = subscribersCsv(rows);
  // Recorded before anything is sent: an export the log cannot record is not made.
  await recordAudit(
    db,
    {
      operatorId: input.operator.id,
      operatorEmail: input.operator.email,
      action: "export",
      subject: "subscribers",
      address: input.address,
      details: { state: input.filter, rows: rows.length },
    },
    now,
  );
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFilename(input.filter, now)}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
