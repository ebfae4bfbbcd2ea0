/**
 * The audit log: every operator action and every failed sign-in, who, what, on what, from where, when.
 * Rows are only ever added, so the log can be trusted to show what happened.
 */
import type { Database } from "../db/database.ts";
import { type BoundedCount, countUpTo, type KeysetPage, type PagePosition, readPage } from "../db/keyset.ts";
import type { AuditEntry } from "../db/schema.ts";

export interface AuditInput {
  /** Null for a failed sign-in with an unknown address, or an action from the command line. */
  operatorId: number | null;
  operatorEmail: string | null;
  /** `sign-in`, `sign-in-failed`, `sign-out`, `deliver`, `refund`, `resend`, `export`, … */
  action: string;
  subject?: string | null;
  address: string;
  /** A small object of what else matters; never a secret. */
  details?: Record<string, unknown> | null;
}

export async function recordAudit(db: Database, entry: AuditInput, now: Date = new Date()): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto("audit_log")
    .values({
      operator_id: entry.operatorId,
      operator_email: entry.operatorEmail,
      action: entry.action,
      subject: entry.subject ?? null,
      address: entry.address,
      details: entry.details ? JSON.stringify(entry.details) : null,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

export interface AuditPage extends KeysetPage<AuditEntry> {
  /** Entries matching the filter, counted up to {@link AUDIT_COUNT_LIMIT}. */
  matching: BoundedCount;
}

/** Past this many, the page says "more than". */
export const AUDIT_COUNT_LIMIT = 10_000;

/** How many entries of one action since a moment (the audit log's index on action and time), up to the page's limit. */
export function countAuditSince(db: Database, action: string, since: Date): Promise<BoundedCount> {
  const query = db.selectFrom("audit_log").select("id").where("action", "=", action).where("created_at", ">=", since.toISOString());
  return countUpTo(db, query, AUDIT_COUNT_LIMIT);
}

/** One page of the log, newest first, optionally only one action. */
export async function listAudit(
  db: Database,
  { position = { at: "first" }, pageSize = 50, action }: { position?: PagePosition; pageSize?: number; action?: string },
): Promise<AuditPage> {
  const size = Math.min(Math.max(Math.trunc(pageSize) || 50, 1), 500);
  let query = db.selectFrom("audit_log");
  if (action !== undefined) query = query.where("action", "=", action);
  const [page, matching] = await Promise.all([
    readPage(
      query.selectAll(),
      { key: "created_at", id: "id", direction: "desc", cursorOf: (entry) => ({ key: entry.created_at, id: entry.id }) },
      position,
      size,
    ),
    countUpTo(db, query.select("id"), AUDIT_COUNT_LIMIT),
  ]);
  return { ...page, matching };
}
