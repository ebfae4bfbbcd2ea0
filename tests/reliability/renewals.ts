/**
 * Two renewals of the same access paid at the same moment on two servers (one database): each server's
 * checkout checks the signed Renew token, charges the test card and, in the transaction that marks the order
 * paid, extends the access after locking its row. The access must be extended twice, one after the other
 * (end = old end + 2 × the plan's months, the second period starting where the first ends), and the
 * provisioning system must get two `access.extended` events for it, each once, signed.
 */
import { deriveLinkKey, renewalToken } from "../../app/renewals/links.server.ts";
import { addCalendarMonths } from "../../common/access-period.ts";
import { parseEncryptionKey } from "../../server/admin/secret-box.ts";
import { markOrderDelivered } from "../../server/db/accesses.ts";
import { createOrder, markOrderPaid } from "../../server/db/repositories.ts";
import { JOB_KINDS } from "../../server/jobs/enqueue.ts";
import type { Database } from "./database.ts";
import { checkoutFields, silverOrder } from "./forms.ts";
import { startReceiver } from "./provisioning-receiver.ts";
import type { Report } from "./report.ts";
import { seconds } from "./report.ts";
import type { SiteServer } from "./server-process.ts";
import { untilNoneLeft } from "./wait.ts";

const secret = "reliability-renewals-secret-0123456789abcdef";
/** The servers' ACCESS_ENCRYPTION_KEY (server-process.ts), from which the Renew links' key is derived. */
const linkKey = deriveLinkKey(parseEncryptionKey("5eed".repeat(16)));
const dayMs = 24 * 60 * 60_000;

interface Seeded {
  orderId: number;
  reference: string;
  accessId: number;
  endsAt: string;
  email: string;
}

/** Delivered accesses of the 1-month plan, ending in ten days. */
async function seed(db: Database, accesses: number): Promise<Seeded[]> {
  const seeded: Seeded[] = [];
  for (let n = 0; n < accesses; n++) {
    const email = `renew-${n}-${Date.now()}@reliability.example`;
    const { order } = await createOrder(db, silverOrder(n, email));
    await markOrderPaid(db, order.id, { gatewayReference: `test_renew_${n}` });
    const startsAt = new Date();
    const endsAt = new Date(startsAt.getTime() + 10 * dayMs);
    const delivered = await markOrderDelivered(db, order.id, { sealedDetails: "v1.not-read", startsAt, endsAt });
    if (!delivered?.access_id) throw new Error("The seeded order was not delivered");
    seeded.push({ orderId: order.id, reference: order.reference, accessId: delivered.access_id, endsAt: endsAt.toISOString(), email });
  }
  return seeded;
}

/** A browser without JavaScript posting the checkout opened from the Renew link. */
async function renew(server: SiteServer, access: Seeded, n: number): Promise<number> {
  const fields = {
    ...checkoutFields(n, "approved", access.email),
    plan: "standard",
    viewers: "1",
    renew: renewalToken(access.orderId, new Date(), linkKey),
  };
  const answer = await fetch(`${server.url}/checkout`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
    redirect: "manual",
  });
  await answer.arrayBuffer();
  return answer.status;
}

export async function runConcurrentRenewals(
  first: SiteServer,
  second: SiteServer,
  db: Database,
  report: Report,
  options: { accesses: number; receiverPort: number },
): Promise<void> {
  const startedAt = performance.now();
  const env = { FULFILMENT_WEBHOOK_URL: `http://127.0.0.1:${options.receiverPort}/orders`, FULFILMENT_WEBHOOK_SECRET: secret };
  await first.stop("SIGTERM");
  const receiver = await startReceiver(options.receiverPort, secret);
  const accesses = await seed(db, options.accesses);
  await Promise.all([first.start(env), second.start(env)]);

  // Each access's two renewals at the same moment, one on each server.
  const statuses = (
    await Promise.all(accesses.map((access, n) => Promise.all([renew(first, access, 2 * n), renew(second, access, 2 * n + 1)])))
  ).flat();

  const extendedEvents = () =>
    receiver.deliveries.flatMap((delivery) => {
      try {
        const event = JSON.parse(delivery.body) as { type?: string; access?: { id?: string } };
        return event.type === "access.extended" ? [{ ...delivery, access: event.access?.id ?? "" }] : [];
      } catch {
        return [];
      }
    });
  await untilNoneLeft(async () => Math.max(0, 2 * accesses.length - extendedEvents().length), { stallMs: 60_000 });
  // Then every job that sends the provisioning system an event done (or given up): an event sent twice has
  // arrived by then too, since a job is done once the receiver has answered.
  const unsent = async () =>
    (
      await db
        .selectFrom("jobs")
        .select("id")
        .where("kind", "in", [JOB_KINDS.accessEvent, JOB_KINDS.fulfilmentWebhook])
        .where("done_at", "is", null)
        .where("failed_at", "is", null)
        .where("run_at", "<=", new Date().toISOString())
        .execute()
    ).length;
  await untilNoneLeft(unsent, { stallMs: 60_000 });
  const events = extendedEvents();
  await receiver.close();

  const ids = accesses.map((access) => access.accessId);
  const rows = await db.selectFrom("accesses").select(["id", "ends_at", "status"]).where("id", "in", ids).execute();
  const renewals = await db
    .selectFrom("orders")
    .select(["id", "reference", "renews_access_id", "access_id", "status", "access_starts_at", "access_ends_at"])
    .where("renews_access_id", "in", ids)
    .orderBy("access_starts_at")
    .execute();
  const extendedTwice = accesses.filter((access) => {
    const twice = addCalendarMonths(addCalendarMonths(new Date(access.endsAt), 1), 1).toISOString();
    const mine = renewals.filter((order) => order.renews_access_id === access.accessId);
    const [a, b] = mine;
    return (
      rows.find((row) => row.id === access.accessId)?.ends_at === twice &&
      mine.length === 2 &&
      mine.every((order) => order.access_id === access.accessId) &&
      a?.access_starts_at === access.endsAt &&
      a?.access_ends_at === b?.access_starts_at &&
      b?.access_ends_at === twice
    );
  }).length;
  const perAccess = accesses.filter((access) => {
    const mine = events.filter((event) => event.access === access.reference);
    const references = renewals.filter((order) => order.renews_access_id === access.accessId).map((order) => order.reference);
    return mine.length === 2 && new Set(mine.map((event) => event.id)).size === 2 && mine.every((event) => references.includes(event.id));
  }).length;
  const fulfilled = renewals.filter((order) => order.status === "fulfilled").length;

  report.figures("Renewals of one access paid at once on two servers", {
    "accesses / renewals posted": `${accesses.length} / ${statuses.length} (answers: ${[...new Set(statuses)].join(", ")})`,
    "accesses extended twice, in order": `${extendedTwice} of ${accesses.length}`,
    "access.extended events (signed)": `${events.length} (${events.filter((event) => event.verified).length})`,
    "renewal orders fulfilled by the provisioning system's 2xx": `${fulfilled} of ${renewals.length}`,
    duration: seconds(startedAt),
  });
  report.check(
    "every renewal was paid (200)",
    statuses.every((status) => status === 200),
    statuses.join(","),
  );
  report.check(
    "two renewals paid at once extended the access twice, in order (end = old end + 2 months, periods chained)",
    extendedTwice === accesses.length,
    `${extendedTwice} of ${accesses.length}`,
  );
  report.check(
    "the provisioning system got two access.extended events per access, each once, for the same access id",
    perAccess === accesses.length && events.length === 2 * accesses.length,
    `${perAccess} of ${accesses.length} accesses right; ${events.length} events`,
  );
  report.check(
    "every access.extended event was signed and verified by the documented snippet",
    events.every((event) => event.verified),
  );
  report.check("every renewal order was fulfilled once the provisioning system took it", fulfilled === renewals.length);
  await second.stop("SIGTERM");
  await first.stop("SIGTERM");
  await first.start();
}
