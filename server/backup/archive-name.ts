/**
 * A backup's file name says when it was taken (UTC, to the second), from which database, and at which schema
 * (the last migration's number), so a listing of the storage can be read, sorted and kept by date without
 * opening anything: `backup-20261202T030000Z-sqlite-022.tar.zst.age`.
 */
import type { DialectName } from "../db/database.ts";

export interface ArchiveName {
  takenAt: Date;
  dialect: DialectName;
  /** The last migration's number, "022". */
  schema: string;
}

const pattern = /^backup-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z-(sqlite|postgres)-(\d{3,})\.tar\.zst\.age$/;

export function archiveName({ takenAt, dialect, schema }: ArchiveName): string {
  const stamp = takenAt
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
  return `backup-${stamp}-${dialect}-${schema}.tar.zst.age`;
}

/** The name's parts, or undefined for a file that is not one of the shop's backups. */
export function parseArchiveName(name: string): ArchiveName | undefined {
  const match = pattern.exec(name);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second, dialect, schema] = match;
  const takenAt = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}Z`);
  if (Number.isNaN(takenAt.getTime())) return undefined;
  return { takenAt, dialect: dialect as DialectName, schema: schema as string };
}
