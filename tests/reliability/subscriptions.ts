/**
 * Automatic renewals due at once on two servers, one killed (SIGKILL) in the middle: test-gateway subscriptions
 * whose charge is due now, each charged by a job (app/subscriptions/charge.server.ts). Afterwards each must
 * have been charged exactly once (one payment at the gateway, one paid renewal order), each access extended
 * exactly once (its end moved by the plan's month), and the provisioning system must have been told once per
 * access (`access.extended`), the killed server's claims taken over when their lease lapsed.
 */
import { randomUUID } from "node:crypto";
import { addCalendarMonths } from "../../common/access-period.ts";
import { markOrderDelivered } from "../../server/db/accesses.ts";
import { createOrder, markOrderPaid } from "../../server/db/repositories.ts";
import { linkSubscriptionAccess, startSubscription } from "../../server/db/subscriptions.ts";
import { enqueueJob, JOB_KINDS } from "../../server/jobs/enqueue.ts";
import type { Database } from "./database.ts";
import { silverOrder } from "./forms.ts";
import { startReceiver } from "./provisioning-receiver.ts";
import type { Report } from "./report.ts";
import { seconds } from "./report.ts";
import type { SiteServer } from "./server-process.ts";
import { untilNoneLeft } from "./wait.ts";

const secret = "reliability-subscriptions-secret-0123456789abcdef";
const hourMs = 60 * 60_000;

interface Seeded {
  accessId: number;
  reference: string;
  endsAt: string;
  subscriptionId: number;
}

/** Delivered 1-month accesses ending in 12 hours, renewing by themselves on a kept card: the charge (a day before the end) is due. */
async function seed(db: Database, count: number): Promise<Seeded[]> {
  const seeded: Seeded[] = [];
  const now = new Date();
  for (let n = 0; n < count; n++) {
    const email = `subscribe-${n}-${Date.now()}@reliability.example`;
    const { order } = await createOrder(db, {
      ...silverOrder(n, email),
      payment_processor: "test",
      renews_automatically: 1,
    });
    const paid = await markOrderPaid(db, order.id, { gatewayReference: `test_subscribe_${n}` });
    const card = `tcard_${randomUUID()}`;
    const at = now.toISOString();
    await db
      .insertInto("test_gateway_cards")
      .values({ id: card, brand: "visa", last4: "4242", outcome: "approved", created_at: at, updated_at: at })
      .execute();
    const { subscription } = await startSubscription(db, {
      order: paid ?? order,
      paymentMethod: card,
      card: { brand: "visa", last4: "4242" },
      nextChargeAt: now,
    });
    const endsAt = new Date(now.getTime() + 12 * hourMs);
    const delivered = await markOrderDelivered(db, order.id, {
      sealedDetails: "v1.not-read",
      startsAt: new Date(now.getTime() - 30 * 24 * hourMs),
      endsAt,
    });
    if (!delivered?.access_id) throw new Error("The seeded order was not delivered");
    await linkSubscriptionAccess(db, order.id, delivered.access_id);
    const end = endsAt.toISOString();
    await enqueueJob(db, {
      kind: JOB_KINDS.subscriptionCharge,
      payload: { accessId: delivered.access_id, endsAt: end, attempt: 1 },
      runAt: now,
      uniqueKey: `charge-1:access-${delivered.access_id}:${end}`,
      maxAttempts: 20,
    });
    seeded.push({ accessId: delivered.access_id, reference: order.reference, endsAt: end, subscriptionId: subscription.id });
  }
  return seeded;
}

export async function runSubscriptionsAcrossServers(
  first: SiteServer,
  second: SiteServer,
  db: Database,
  report: Report,
  options: { subscriptions: number; receiverPort: number },
): Promise<void> {
  const startedAt = performance.now();
  const env = {
    FULFILMENT_WEBHOOK_URL: `http://127.0.0.1:${options.receiverPort}/orders`,
    FULFILMENT_WEBHOOK_SECRET: secret,
    // A tenth of the checkout's pause: the phase is about charging once, not about waiting.
    TEST_GATEWAY_DELAY_MS: "40",
  };
  await first.stop("SIGTERM");
  const receiver = await startReceiver(options.receiverPort, secret);
  const seeded = await seed(db, options.subscriptions);
  const ids = seeded.map((access) => access.accessId);
  const subscriptionIds = seeded.map((access) => access.subscriptionId);
  await Promise.all([first.start(env), second.start(env)]);

  const charged = async () =>
    (await db.selectFrom("orders").select("id").where("subscription_id", "in", subscriptionIds).where("status", "=", "paid").execute())
      .length;
  // Kill the second server a third of the way through the charges.
  while ((await charged()) < Math.floor(options.subscriptions / 3)) await new Promise((resolve) => setTimeout(resolve, 100));
  const killedPid = second.pid();
  await second.stop("SIGKILL");
  const heldByKilled = (
    await db.selectFrom("jobs").select("id").where("locked_by", "like", `%:${killedPid}:%`).where("done_at", "is", null).execute()
  ).length;

  const kinds = [JOB_KINDS.subscriptionCharge, JOB_KINDS.accessEvent];
  // What is left to do: every charge of this period not done yet (a retry waiting for its time included),
  // counted twice as it still owes its event, and every event due. A charge done then takes one off even as
  // its event arrives, so the count goes down with every job done, however slowly the machine charges.
  const open = async () =>
    (
      await db
        .selectFrom("jobs")
        .select(["kind", "run_at", "payload"])
        .where("kind", "in", kinds)
        .where("done_at", "is", null)
        .where("failed_at", "is", null)
        .execute()
    )
      .map((job) => {
        if (job.kind !== JOB_KINDS.subscriptionCharge) return job.run_at <= new Date().toISOString() ? 1 : 0;
        return seeded.some((access) => job.payload.includes(`"endsAt":"${access.endsAt}"`)) ? 2 : 0;
      })
      .reduce<number>((sum, left) => sum + left, 0);
  // The killed server's claims lapse after the runner's 60 s lease. Once none is open, every event was sent:
  // an event's job is done once the receiver has answered it.
  const stillOpen = await untilNoneLeft(open, { stallMs: 120_000 });
  await receiver.close();

  const renewals = await db
    .selectFrom("orders")
    .select(["reference", "subscription_id", "status", "access_id"])
    .where("subscription_id", "in", subscriptionIds)
    .execute();
  const payments = await db
    .selectFrom("test_gateway_payments")
    .select("order_reference")
    .where("order_reference", "in", renewals.length > 0 ? renewals.map((order) => order.reference) : [""])
    .execute();
  const accesses = await db.selectFrom("accesses").select(["id", "ends_at"]).where("id", "in", ids).execute();
  const extendedEvents = receiver.deliveries.flatMap((delivery) => {
    try {
      const event = JSON.parse(delivery.body) as { type?: string; access?: { id?: string } };
      return event.type === "access.extended" ? [{ id: delivery.id, access: event.access?.id ?? "", verified: delivery.verified }] : [];
    } catch {
      return [];
    }
  });
  const chargedOnce = seeded.filter((access) => {
    const mine = renewals.filter((order) => order.subscription_id === access.subscriptionId);
    return (
      mine.length === 1 &&
      mine[0]?.status !== "failed" &&
      payments.filter((payment) => payment.order_reference === mine[0]?.reference).length === 1
    );
  }).length;
  const extendedOnce = seeded.filter(
    (access) => accesses.find((row) => row.id === access.accessId)?.ends_at === addCalendarMonths(new Date(access.endsAt), 1).toISOString(),
  ).length;
  const toldOnce = seeded.filter(
    (access) => new Set(extendedEvents.filter((event) => event.access === access.reference).map((event) => event.id)).size === 1,
  ).length;
  const failedJobs = await db
    .selectFrom("jobs")
    .select(["kind", "last_error"])
    .where("kind", "in", kinds)
    .where("failed_at", "is not", null)
    .execute();

  report.figures("Automatic renewals due at once on two servers", {
    "subscriptions due": String(options.subscriptions),
    "second server killed (SIGKILL)": `holding ${heldByKilled} unfinished jobs`,
    "renewal orders / gateway payments": `${renewals.length} / ${payments.length}`,
    "charged exactly once / accesses extended exactly once / told once": `${chargedOnce} / ${extendedOnce} / ${toldOnce} of ${seeded.length}`,
    "access.extended deliveries (distinct)": `${extendedEvents.length} (${new Set(extendedEvents.map((event) => event.id)).size})`,
    "jobs still open / given up": `${stillOpen} / ${failedJobs.length}`,
    duration: seconds(startedAt),
  });
  report.check(
    "every charge job ran to the end, the killed server's included",
    stillOpen === 0 && failedJobs.length === 0,
    JSON.stringify(failedJobs.slice(0, 3)),
  );
  report.check(
    "each subscription was charged exactly once",
    chargedOnce === seeded.length && payments.length === seeded.length,
    `${chargedOnce} of ${seeded.length}`,
  );
  report.check(
    "each access was extended exactly once (end + 1 month)",
    extendedOnce === seeded.length,
    `${extendedOnce} of ${seeded.length}`,
  );
  report.check(
    "the provisioning system was told once per access (access.extended, signed)",
    toldOnce === seeded.length && extendedEvents.every((event) => event.verified),
    `${toldOnce} of ${seeded.length}`,
  );
  await second.stop("SIGTERM");
  await first.stop("SIGTERM");
  await first.start();
}
