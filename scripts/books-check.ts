/**
 * `npm run books:check`: says, for each year, whether the invoices and the credit notes are numbered in one
 * unbroken series, on the database the server is configured with (DATABASE_URL or the SQLite file). Exit
 * code 0 when every series is unbroken, 1 otherwise, so it can run from cron or before an accountant's export.
 */
import { ConfigError, serverConfig } from "../server/config.ts";
import { closeDatabase, openConfiguredDatabase } from "../server/db/database.ts";
import { checkNumbering, isUnbroken, type SeriesReport } from "../server/db/numbering-check.ts";

const names = { invoice: "Invoices", "credit-note": "Credit notes" } as const;
const listed = (sequences: number[]) =>
  sequences.length > 20 ? `${sequences.slice(0, 20).join(", ")} and ${sequences.length - 20} more` : sequences.join(", ");

export function describeSeries(report: SeriesReport): string {
  const head = `${names[report.series]} ${report.year}: ${report.count} document${report.count === 1 ? "" : "s"}`;
  if (isUnbroken(report)) return `${head}, numbers ${report.first} to ${report.last}, no gap.`;
  const problems = [
    report.missing.length > 0 && `missing number${report.missing.length === 1 ? "" : "s"} ${listed(report.missing)}`,
    report.repeated.length > 0 && `used twice: ${listed(report.repeated)}`,
    report.counter !== report.last && `the counter is at ${report.counter ?? "nothing"}, the last document is ${report.last}`,
  ].filter(Boolean);
  return `${head}, BROKEN: ${problems.join("; ")}.`;
}

async function main(): Promise<number> {
  const db = await openConfiguredDatabase(serverConfig());
  try {
    const reports = await checkNumbering(db);
    if (reports.length === 0) console.log("No invoice or credit note has been issued yet.");
    for (const report of reports) console.log(describeSeries(report));
    return reports.every(isUnbroken) ? 0 : 1;
  } finally {
    await closeDatabase(db);
  }
}

if (import.meta.main) {
  try {
    process.exitCode = await main();
  } catch (error) {
    console.error(
      error instanceof ConfigError ? error.message : `The check failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exitCode = 1;
  }
}
