import { listAudit } from "../../../server/admin/audit.ts";
import type { Database } from "../../../server/db/database.ts";
import { pageLinks, positionFrom } from "../list/list-query";
import { auditActionFrom } from "./actions";
import { describeDetails } from "./details";

export const auditPageSize = 50;

/** `/admin/audit?action=…`: the log newest first, only what the page shows sent to the browser. */
export async function loadAuditLog(db: Database, url: URL) {
  const action = auditActionFrom(url.searchParams);
  const list = await listAudit(db, { position: positionFrom(url.searchParams), pageSize: auditPageSize, action });
  return {
    action: action ?? null,
    links: pageLinks(list),
    matching: list.matching,
    entries: list.rows.map((entry) => ({
      id: entry.id,
      at: entry.created_at,
      operator: entry.operator_email,
      action: entry.action,
      subject: entry.subject,
      address: entry.address,
      details: describeDetails(entry.details),
    })),
  };
}
