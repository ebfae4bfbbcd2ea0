/**
 * The accountant's question "is the series unbroken?", answered from the database: for each series and year,
 * how many documents there are, the first and last number, every number missing in between, any number used
 * twice, and whether the counter agrees with the last document (a counter ahead of it would mean a number
 * was handed out and its document lost). `npm run books:check` prints it; the numbering itself is in
 * invoices.ts (docs/decisions/0021-invoices-and-tax.md).
 */
import { sql } from "kysely";
import type { Database } from "./database.ts";
import type { DocumentSeries } from "./invoices-schema.ts";

export interface SeriesReport {
  series: DocumentSeries;
  year: number;
  count: number;
  first: number;
  last: number;
  /** Sequences between 1 and the last (or the counter, when it is ahead) with no document. */
  missing: number[];
  /** Sequences held by more than one document (the unique index makes this impossible; checked all the same). */
  repeated: number[];
  /** The counter's last number, or null when the year has no counter row. */
  counter: number | null;
}

const tables = { invoice: "invoices", "credit-note": "credit_notes" } as const;

async function sequencesOf(db: Database, series: DocumentSeries) {
  return db.selectFrom(tables[series]).select(["year", "sequence"]).orderBy("year").orderBy("sequence").execute();
}

/** One report per series and year that has a document or a counter, oldest year first. */
export async function checkNumbering(db: Database): Promise<SeriesReport[]> {
  const counters = await db
    .selectFrom("document_counters")
    .select(["series", "year", sql<number>`last_number`.as("last")])
    .execute();
  const reports: SeriesReport[] = [];
  for (const series of Object.keys(tables) as DocumentSeries[]) {
    const byYear = new Map<number, number[]>();
    for (const { year, sequence } of await sequencesOf(db, series)) byYear.set(year, [...(byYear.get(year) ?? []), sequence]);
    for (const counter of counters) if (counter.series === series && !byYear.has(counter.year)) byYear.set(counter.year, []);
    for (const [year, sequences] of [...byYear].sort(([a], [b]) => a - b)) {
      const counter = counters.find((row) => row.series === series && row.year === year);
      const counted = counter ? Number(counter.last) : null;
      // Sorted by the query: the last is the largest, and a number used twice sits beside itself. (A spread into
      // Math.max and an indexOf per document failed or crawled on a year of a million invoices.)
      const last = sequences.at(-1) ?? 0;
      const seen = new Set(sequences);
      const missing: number[] = [];
      for (let sequence = 1; sequence <= Math.max(last, counted ?? 0); sequence++) if (!seen.has(sequence)) missing.push(sequence);
      const repeated = [...new Set(sequences.filter((sequence, index) => index > 0 && sequences[index - 1] === sequence))];
      reports.push({ series, year, count: sequences.length, first: sequences[0] ?? 0, last, missing, repeated, counter: counted });
    }
  }
  return reports;
}

/** True when nothing is missing, nothing repeated, and the counter is where the last document is. */
export const isUnbroken = (report: SeriesReport) =>
  report.missing.length === 0 &&
  report.repeated.length === 0 &&
  (report.counter === null ? report.count === 0 : report.counter === report.last);
