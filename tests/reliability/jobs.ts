/**
 * Background work across two servers on one database: many provisioning webhooks and renewal reminders fall
 * due at once, both servers run jobs, and one of them is killed (SIGKILL) in the middle. Afterwards every
 * order must be delivered exactly once with exactly one access mail, every reminder mailed exactly once, and
 * nothing lost: the killed server's claims lapse and the other takes them over. A webhook the killed server
 * had sent but not recorded goes out again (delivery is at least once, and `Webhook-Id` lets the receiver
 * drop the repeat); the check counts those against the jobs the killed server held.
 */
import { createServer, type IncomingMessage } from "node:http";
import { site } from "../../content/site.ts";
import { createOrder, markOrderPaid } from "../../server/db/repositories.ts";
import { enqueueJob, JOB_KINDS } from "../../server/jobs/enqueue.ts";
import type { Database } from "./database.ts";
import type { Report } from "./report.ts";
import { seconds } from "./report.ts";
import type { SiteServer } from "./server-process.ts";

const secret = "reliability-fulfilment-secret-0123456789abcdef";

interface Options {
  orders: number;
  reminders: number;
  receiverPort: number;
}

async function body(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** The operator's provisioning system: verifies each request and answers access details after a short pause. */
async function startReceiver(port: number) {
  // The snippet the README gives operators, exactly as they would run it (plain JavaScript).
  const snippet = new URL("../../examples/verify-fulfilment-signature.mjs", import.meta.url).href;
  const { verifyFulfilmentSignature } = (await import(snippet)) as {
    verifyFulfilmentSignature: (header: string, raw: string, secret: string) => boolean;
  };
  const deliveries: { id: string; verified: boolean }[] = [];
  const server = createServer(async (request, response) => {
    const raw = await body(request);
    const verified = verifyFulfilmentSignature(String(request.headers["webhook-signature"] ?? ""), raw, secret);
    deliveries.push({ id: String(request.headers["webhook-id"] ?? ""), verified });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const id = String(request.headers["webhook-id"] ?? "");
    const access = {
      username: `user-${id}`,
      password: `pw-${id}-secret`,
      serverUrl: "https://tv.example.com",
      playlistUrl: `https://tv.example.com/${id}.m3u`,
    };
    response
      .writeHead(verified ? 200 : 400, { "Content-Type": "application/json" })
      .end(JSON.stringify(verified ? { access } : { error: "signature" }));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { deliveries, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const customer = (n: number, kind: string) => ({
  idempotency_key: `jobs-${kind}-${n}-${Date.now()}`,
  plan_key: site.plans[n % site.plans.length]!.key,
  viewers: 1 as const,
  amount_cents: 1300,
  currency: site.currency,
  language: (["en", "es", "fr"] as const)[n % 3]!,
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
    await db
      .updateTable("orders")
      .set({ status: "fulfilled", paid_at: now.toISOString(), access_starts_at: now.toISOString(), access_ends_at: endsAt })
      .where("id", "=", order.id)
      .execute();
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
  const receiver = await startReceiver(options.receiverPort);
  const { paidIds, reminderIds } = await seed(db, options);

  await Promise.all([first.start(env), second.start(env)]);
  // Kill the second server while it is in the middle of the webhooks.
  const killAt = Math.floor(options.orders / 3);
  while (receiver.deliveries.length < killAt) await new Promise((resolve) => setTimeout(resolve, 20));
  const heldByKilled = await db
    .selectFrom("jobs")
    .select("id")
    .where("locked_by", "like", `%:${second.pid()}:%`)
    .where("done_at", "is", null)
    .execute();
  await second.stop("SIGKILL");
  const killedAfter = receiver.deliveries.length;

  // The first server finishes everything, the killed server's claims included once their lease lapses.
  const deadline = Date.now() + 180_000;
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
  while (Date.now() < deadline && (await open()).length > 0) await new Promise((resolve) => setTimeout(resolve, 500));
  const stillOpen = (await open()).length;

  const orders = await db.selectFrom("orders").select(["id", "status", "reference"]).where("id", "in", paidIds).execute();
  const delivered = await db
    .selectFrom("order_events")
    .select("order_id")
    .where("type", "=", "delivered")
    .where("order_id", "in", paidIds)
    .execute();
  const accessMails = await db
    .selectFrom("outbox_mails")
    .select("order_id")
    .where("kind", "=", "order-access")
    .where("order_id", "in", paidIds)
    .execute();
  const reminderMails = await db
    .selectFrom("outbox_mails")
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
  const perOrder = (rows: { order_id: number | null }[]) =>
    new Map(rows.map((row) => [row.order_id, rows.filter((other) => other.order_id === row.order_id).length]));
  const once = (rows: { order_id: number | null }[], ids: number[]) => ids.every((id) => perOrder(rows).get(id) === 1);
  await receiver.close();

  report.figures("Jobs on two servers", {
    "provisioning webhooks / renewal reminders due at once": `${options.orders} / ${options.reminders}`,
    "second server killed (SIGKILL)": `after ${killedAfter} webhook deliveries, holding ${heldByKilled.length} unfinished jobs`,
    "webhook deliveries (distinct orders, repeats)": `${receiver.deliveries.length} (${distinct.size}, ${repeats})`,
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
    "a webhook went out more than once only for a job the killed server held",
    repeats <= heldByKilled.length,
    `${repeats} repeats, ${heldByKilled.length} held`,
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
