/**
 * The actions the console and the command line record, offered in the audit log's filter and named in words
 * (content/locales/admin/…/audit.json, `actions`). An action missing here still shows, under its raw name.
 */
export const knownAuditActions = [
  "sign-in",
  "sign-in-failed",
  "sign-in-blocked",
  "sign-out",
  "deliver",
  "refund",
  "resend",
  "export",
  "message-handled",
  "message-reopened",
  "operator-added",
  "operator-removed",
  "operator-password-set",
  "customer-erasure",
  "trial-deliver",
  "stop-renewal",
  "processor-event-refused",
] as const;

/** An action from the query string: trimmed, and short enough to be a name rather than a payload. */
export function auditActionFrom(search: URLSearchParams): string | undefined {
  const action = search.get("action")?.trim();
  return action && action.length <= 64 ? action : undefined;
}
