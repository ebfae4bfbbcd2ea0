/** What an archive says about itself, in `manifest.json`: read first by a restore, before any database is touched. */
import type { DialectName } from "../db/database.ts";

export interface TableCounts {
  orders: number;
  invoices: number;
  creditNotes: number;
  accesses: number;
  subscriptions: number;
}

export interface Manifest {
  /** This layout's version: a restore refuses one it does not know. */
  format: 1;
  takenAt: string;
  dialect: DialectName;
  /** The last migration applied, e.g. "022_mails_kind_created". */
  migration: string;
  /** The database's file in the archive. */
  database: "database.sqlite" | "database.pgdump";
  counts: TableCounts;
  /** Whether every invoice and credit note series was unbroken in the copy. */
  numberingUnbroken: boolean;
  /** The shop's own files in the archive (uploads), relative to its folder. */
  files: string[];
}

export function checkManifest(value: unknown): Manifest {
  const manifest = value as Partial<Manifest> | null;
  if (manifest?.format !== 1) throw new Error("the archive's manifest is of a format this version does not know");
  if (manifest.dialect !== "sqlite" && manifest.dialect !== "postgres") throw new Error("the archive's manifest names no database");
  if (typeof manifest.migration !== "string" || typeof manifest.takenAt !== "string")
    throw new Error("the archive's manifest is incomplete");
  return manifest as Manifest;
}
