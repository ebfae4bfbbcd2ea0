/**
 * The audit log: every operator action and every failed sign-in, who, what, on what, from where, when.
 * Rows are only ever added, so the log can be trusted to show what happened.
 */
import type { Database } from "../db/database.ts";
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

export interface AuditPage {
  /** Newest first; `details` is the JSON text as stored. */
  entries: AuditEntry[];
  /** Entries matching the filter on every page. */
  total: number;
}

/** One page (from 1) of the log, newest first, optionally only one action. */
export async function listAudit(
  db: Database,
  { page, pageSize = 50, action }: { page: number; pageSize?: number; action?: string },
): Promise<AuditPage> {
  // A page number from a query string can be anything: clamp rather than fail.
  const size = Math.min(Math.max(Math.trunc(pageSize) || 50, 1), 500);
  const offset = (Math.max(Math.trunc(page) || 1, 1) - 1) * size;
  let query = db.selectFrom("audit_log");
  if (action !== undefined) query = query.where("action", "=", action);
  const [entries, count] = await Promise.all([
    query.selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(size).offset(offset).execute(),
    query.select((select) => select.fn.countAll().as("total")).executeTakeFirstOrThrow(),
  ]);
  // PostgreSQL's count is a bigint, which pg returns as a string.
  return { entries, total: Number(count.total) };
}
