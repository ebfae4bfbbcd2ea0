/**
 * "Show my access details": the sealed details opened for the signed-in owner, on request only. A session
 * that proved its mailbox over 10 minutes ago must prove it again first (the caller sends it to
 * /account/verify); a revoked access never opens. Each reveal is a line on the order's timeline in the
 * console (who, when, from which address) and may lengthen the session (noteAccessRevealed). The details
 * are never logged and never written to the timeline.
 */
import { open } from "../../../server/admin/secret-box.ts";
import { isFreshSession, noteAccessRevealed } from "../../../server/db/customer-sessions.ts";
import type { Database } from "../../../server/db/database.ts";
import { recordOrderEvent } from "../../../server/db/order-events.ts";
import type { Access, CustomerSession } from "../../../server/db/schema.ts";
import type { AccessDetails } from "../../../server/mail/access-mail.ts";
import { creatingOrder } from "./find.server";

export const ACCESS_REVEALED_EVENT = "access-revealed";

export type RevealOutcome =
  | { outcome: "revealed"; details: AccessDetails }
  | { outcome: "stale" }
  | { outcome: "revoked" }
  /** Not delivered yet, no key configured, or a value that does not open: nothing half-read is shown. */
  | { outcome: "unavailable" };

/** The sealed details, opened; undefined when there are none or they cannot be opened with this key. */
export function openDetails(key: Buffer | undefined, sealed: string | null): AccessDetails | undefined {
  if (!key || !sealed) return undefined;
  try {
    return JSON.parse(open(key, sealed)) as AccessDetails;
  } catch {
    return undefined;
  }
}

export async function revealAccess(
  db: Database,
  { session, access, address, key }: { session: CustomerSession; access: Access; address: string; key: Buffer | undefined },
  now: Date = new Date(),
): Promise<RevealOutcome> {
  if (access.status === "revoked") return { outcome: "revoked" };
  if (!isFreshSession(session, now)) return { outcome: "stale" };
  const details = openDetails(key, access.details);
  if (!details) return { outcome: "unavailable" };
  const order = await creatingOrder(db, access);
  await db.transaction().execute(async (transaction) => {
    if (order) {
      const event = { orderId: order.id, type: ACCESS_REVEALED_EVENT, actor: "customer", details: { address, session: session.id } };
      await recordOrderEvent(transaction, event, now);
    }
    await noteAccessRevealed(transaction, session, now);
  });
  return { outcome: "revealed", details };
}
