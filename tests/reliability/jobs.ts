/**
 * Background work across two servers on one database: many provisioning webhooks and renewal reminders fall
 * due at once, both servers run jobs, and one of them is killed (SIGKILL) in the middle. Afterwards every
 * order must be delivered exactly once with exactly one access mail, every reminder mailed exactly once, and
 * nothing lost: the killed server's claims lapse and the other takes them over.
 *
 * Over HTTP a webhook is delivered at least once: a request the killed server had sent but not recorded goes
 * out again, since it cannot know whether it arrived. So the provisioning system here does what docs/operating.md
 * tells operators to do, and drops a repeated `Webhook-Id` (it answers the account it already created), and
 * the checks are that it acted exactly once for every order, that each repeat is the first delivery again
 * (same `Webhook-Id`, same event but for the request's time), and that repeats come only from the jobs the
 * killed server held.
 */
import { languages } from "../../common/languages.ts";
import { site } from "../../content/site.ts";
import { markOrderDelivered } from "../../server/db/accesses.ts";
import { createOrder, markOrderPaid } from "../../server/db/repositories.ts";
import { enqueueJob, JOB_KINDS } from "../../server/jobs/enqueue.ts";
import type { Database } from "./database.ts";
import { referenceIn, repeatsFirst, startReceiver } from "./provisioning-receiver.ts";
import type { Report } from "./report.ts";
import { seconds } from "./report.ts";
import type { SiteServer } from "./server-process.ts";
import { untilNoneLeft } from "./wait.ts";

const secret = "reliability-fulfilment-secret-0123456789abcdef";

interface Options {
  orders: number;
  reminders: number;
  receiverPort: number;
}

const customer = (n: number, kind: string) => ({
  idempotency_key: `jobs-${kind}-${n}-${Date.now()}`,
  plan_key: site.plans[n % site.plans.length]!.key,
  viewers: 1 as const,
  amount_cents: 1300,
  currency: site.currency,
  language: languages[n % languages.length]!,
  first_name: "Job",
  last_name: `Runner ${n}`,
  email: `${kind}-${n}@reliability.example`,
  phone: "+34 612 345 678",
  country: "ES",
  city: "Valencia",
  postal_code: "46001",
  address: "Calle Mayor 1",
});

/** Paid orders waiting for the provisioning system, and delivered ones whose access ends in six days. */
async function seed(db: Database, { orders, reminders }: Options): Promise<{ paidIds: number[]; reminderIds: number[] }> {
  const now = new Date();
  const paidIds: number[] = [];
  for (let n = 0; n < orders; n++) {
    const { order } = await createOrder(db, customer(n, "provision"));
    await markOrderPaid(db, order.id, { gatewayReference: `test_jobs_${n}` });
    await enqueueJob(db, {
      kind: JOB_KINDS.fulfilmentWebhook,
      payload: { orderId: order.id },
      runAt: now,
      uniqueKey: `fulfil:${order.id}`,
      maxAttempts: 1000,
    });
    paidIds.push(order.id);
  }
  const reminderIds: number[] = [];
  const endsAt = new Date(now.getTime() + 6 * 24 * 3600_000).toISOString();
  for (let n = 0; n < reminders; n++) {
    const { order } = await createOrder(db, customer(n, "renew"));
    await markOrderPaid(db, order.id, { gatewayReference: `test_jobs_renew_${n}` }, now);
    // Delivered, its access created; the reminder queued as a release before accesses did (`{ orderId }`),
    // which the runner takes to the order's access.
    await markOrderDelivered(db, order.id, { sealedDetails: "v1.not-read", startsAt: now, endsAt: new Date(endsAt) }, now);
    await enqueueJob(db, {
      kind: JOB_KINDS.renewalReminder,
      payload: { orderId: order.id, days: 7 },
      runAt: now,
      uniqueKey: `reminder-7:${order.id}`,
    });
    reminderIds.push(order.id);
  }
  return { paidIds, reminderIds };
}

export async function runJobsAcrossServers(
  first: SiteServer,
  second: SiteServer,
  db: Database,
  report: Report,
  options: Options,
): Promise<void> {
  const startedAt = performance.now();
  const env = { FULFILMENT_WEBHOOK_URL: `http://127.0.0.1:${options.receiverPort}/orders`, FULFILMENT_WEBHOOK_SECRET: secret };
  await first.stop("SIGTERM");
  const receiver = await startReceiver(options.receiverPort, secret);
  const { paidIds, reminderIds } = await seed(db, options);

  await Promise.all([first.start(env), second.start(env)]);
  // Kill the second server while it is in the middle of the webhooks.
  const killAt = Math.floor(options.orders / 3);
  while (receiver.deliveries.length < killAt) await new Promise((resolve) => setTimeout(resolve, 20));
  const killedPid = second.pid();
  await second.stop("SIGKILL");
  const killedAfter = receiver.deliveries.length;
  // Read after the kill, so a batch claimed at the last moment counts; the claims stay the killed server's
  // until their lease lapses, well after this.
  const heldByKilled = await db
    .selectFrom("jobs")
    .select(["id", "kind", "payload"])
    .where("locked_by", "like", `%:${killedPid}:%`)
    .where("done_at", "is", null)
    .execute();

  // The first server finishes everything, the killed server's claims included once their lease (60 s) lapses.
  const kinds = [JOB_KINDS.fulfilmentWebhook, JOB_KINDS.renewalReminder];
  const open = () =>
    db
      .selectFrom("jobs")
      .select("id")
      .where("kind", "in", kinds)
      .where("done_at", "is", null)
      .where("failed_at", "is", null)
      // Only what is due now: delivering an order schedules its reminders weeks ahead.
      .where("run_at", "<=", new Date().toISOString())
      .execute();
  const stillOpen = await untilNoneLeft(async () => (await open()).length, { stallMs: 120_000 });

  const orders = await db.selectFrom("orders").select(["id", "status", "reference"]).where("id", "in", paidIds).execute();
  const heldOrderIds = new Set(
    heldByKilled
      .filter((job) => job.kind === JOB_KINDS.fulfilmentWebhook)
      .map((job) => (JSON.parse(job.payload) as { orderId: number }).orderId),
  );
  const heldReferences = new Set(orders.filter((order) => heldOrderIds.has(order.id)).map((order) => order.reference));
  const delivered = await db
    .selectFrom("order_events")
    .select("order_id")
    .where("type", "=", "delivered")
    .where("order_id", "in", paidIds)
    .execute();
  const accessMails = await db
    .selectFrom("mails")
    .select("order_id")
    .where("kind", "=", "order-access")
    .where("order_id", "in", paidIds)
    .execute();
  const reminderMails = await db
    .selectFrom("mails")
    .select("order_id")
    .where("kind", "=", "renewal-reminder")
    .where("order_id", "in", reminderIds)
    .execute();
  const failedJobs = await db
    .selectFrom("jobs")
    .select(["kind", "last_error"])
    .where("kind", "in", kinds)
    .where("failed_at", "is not", null)
    .execute();
  const distinct = new Set(receiver.deliveries.map((delivery) => delivery.id));
  const repeats = receiver.deliveries.length - distinct.size;
  // Each order's deliveries, in the order they arrived, by the reference in their body (not their header).
  const byOrder = new Map<string, { id: string; body: string }[]>();
  for (const delivery of receiver.deliveries) {
    const reference = referenceIn(delivery.body);
    byOrder.set(reference, [...(byOrder.get(reference) ?? []), delivery]);
  }
  const repeated = [...byOrder].filter(([, deliveries]) => deliveries.length > 1);
  const notLikeFirst = repeated.filter(
    ([reference, [first, ...again]]) => !again.every((delivery) => delivery.id === reference && repeatsFirst(first!.body, delivery.body)),
  );
  const wrongIds = [...byOrder].filter(([reference, deliveries]) => deliveries.some((delivery) => delivery.id !== reference));
  const notHeld = repeated.filter(([reference, deliveries]) => !heldReferences.has(reference) || deliveries.length > 2);
  const created = receiver.accountsCreated;
  const actedOnce = orders.filter((order) => created.filter((id) => id === order.reference).length === 1).length;
  const missing = orders.filter((order) => !created.includes(order.reference)).length;
  const perOrder = (rows: { order_id: number | null }[]) =>
    new Map(rows.map((row) => [row.order_id, rows.filter((other) => other.order_id === row.order_id).length]));
  const once = (rows: { order_id: number | null }[], ids: number[]) => ids.every((id) => perOrder(rows).get(id) === 1);
  await receiver.close();

  report.figures("Jobs on two servers", {
    "provisioning webhooks / renewal reminders due at once": `${options.orders} / ${options.reminders}`,
    "second server killed (SIGKILL)": `after ${killedAfter} webhook deliveries, holding ${heldByKilled.length} unfinished jobs`,
    "webhook deliveries (distinct orders, repeats)": `${receiver.deliveries.length} (${distinct.size}, ${repeats})`,
    "accounts the provisioning system created (dropping repeated Webhook-Ids)": `${created.length}: ${actedOnce} orders acted on once, ${missing} missing`,
    "orders delivered / access mails / reminder mails": `${orders.filter((order) => order.status === "fulfilled").length} / ${accessMails.length} / ${reminderMails.length}`,
    "jobs still open / given up": `${stillOpen} / ${failedJobs.length}`,
    duration: seconds(startedAt),
  });
  report.check(
    "every job ran to the end, the killed server's included",
    stillOpen === 0 && failedJobs.length === 0,
    JSON.stringify(failedJobs.slice(0, 3)),
  );
  report.check(
    "every webhook was signed and verified by the documented snippet",
    receiver.deliveries.every((delivery) => delivery.verified),
  );
  const reached = orders.filter((order) => distinct.has(order.reference)).length;
  report.check("every paid order reached the provisioning system", reached === options.orders, `${reached} of ${options.orders}`);
  report.check(
    "the provisioning system, dropping repeated Webhook-Ids as docs/operating.md says, acted exactly once for every order",
    actedOnce === options.orders && created.length === options.orders && missing === 0,
    `${created.length} accounts created, ${actedOnce} of ${options.orders} orders acted on once, ${missing} missing`,
  );
  report.check(
    "every delivery of an order carried its reference as Webhook-Id, and each repeat the first delivery's event (only the request's time moved)",
    wrongIds.length === 0 && notLikeFirst.length === 0,
    `wrong Webhook-Id: ${wrongIds.map(([reference]) => reference).join(", ") || "none"}; not like the first: ${notLikeFirst.map(([reference]) => reference).join(", ") || "none"}`,
  );
  report.check(
    "a webhook went out more than once only for a job the killed server held, and at most once more",
    repeats <= heldByKilled.length && notHeld.length === 0,
    `${repeats} repeats, ${heldByKilled.length} held; repeated beyond that: ${notHeld.map(([reference]) => reference).join(", ") || "none"}`,
  );
  report.check(
    "every order was delivered exactly once, with exactly one access mail",
    orders.every((order) => order.status === "fulfilled") && once(delivered, paidIds) && once(accessMails, paidIds),
  );
  report.check(
    "every renewal reminder was mailed exactly once",
    once(reminderMails, reminderIds),
    `${reminderMails.length} mails for ${reminderIds.length} orders`,
  );
  await first.stop("SIGTERM");
  await first.start();
}
