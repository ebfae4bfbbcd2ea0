/**
 * "Delete my account": the erasure (server/db/customer-erasure.ts) and its line in the console's audit log,
 * in one transaction: either both happen or neither. The audit line holds no personal data: counts, the kept
 * orders' references and the retention in force; not the address, not where the request came from. Once
 * committed, the erased mails' files leave the outbox (MAIL_OUTBOX_DIR), where an access mail's password is
 * in clear.
 */
import { recordAudit } from "../../../server/admin/audit.ts";
import { serverConfig } from "../../../server/config.ts";
import { type ErasureSummary, eraseCustomer, forgetErasedPages } from "../../../server/db/customer-erasure.ts";
import type { Database } from "../../../server/db/database.ts";
import { logger } from "../../../server/logger.ts";
import { removeOutboxFiles } from "../../../server/mail/outbox-files.ts";

/** Named in the console with the other actions (app/admin/audit/actions.ts). */
export const ERASURE_AUDIT_ACTION = "customer-erasure";
/** The audit log's "from where" column: deliberately not the customer's client address. */
const NOT_KEPT = "-";

export async function eraseAccount(
  db: Database,
  email: string,
  {
    retentionYears = serverConfig().ORDER_RETENTION_YEARS,
    now = new Date(),
    outboxDirectory = serverConfig().MAIL_OUTBOX_DIR,
  }: { retentionYears?: number; now?: Date; outboxDirectory?: string } = {},
): Promise<ErasureSummary> {
  const summary = await db.transaction().execute(async (transaction) => {
    const summary = await eraseCustomer(transaction, email, { retentionYears, now });
    const { ordersKept, mailIds: _ids, ...counts } = summary;
    await recordAudit(
      transaction,
      {
        operatorId: null,
        operatorEmail: null,
        action: ERASURE_AUDIT_ACTION,
        address: NOT_KEPT,
        details: { retentionYears, ordersKept, ...counts },
      },
      now,
    );
    return summary;
  });
  await forgetErasedPages(db);
  // The erasure stands either way: a file that could not go is the operator's to remove, and said so.
  await removeOutboxFiles(outboxDirectory, summary.mailIds).catch((error: unknown) =>
    logger.error({ reason: (error as Error).message }, "An erased customer's mails could not be removed from the outbox"),
  );
  return summary;
}
