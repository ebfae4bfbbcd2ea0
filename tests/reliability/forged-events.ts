/**
 * Forged processor events: the server restarted on Stripe (the local Stripe of tests/support/fake-stripe, in
 * this process), customers who bought with automatic renewal through the checkout and were delivered, then
 * events signed with the webhook's secret that lie: from a subscription, a payment or a session the shop never
 * recorded naming a customer's order, or saying another sum than Stripe's own invoice, or a dispute Stripe
 * never opened. None may change anything of any customer's; each must be recorded once and flagged (the audit
 * log and the order's timeline); a replay flags nothing more. The server goes back to the test gateway after.
 */
import { REFUSED_EVENT } from "../../app/checkout/refused-event.ts";
import { markOrderDelivered } from "../../server/db/accesses.ts";
import { linkSubscriptionAccess } from "../../server/db/subscriptions.ts";
import { type EventObject, type EventType, type FakeStripe, startFakeStripe } from "../support/fake-stripe/server.ts";
import type { Database } from "./database.ts";
import { checkoutFields } from "./forms.ts";
import { postForm, target } from "./http.ts";
import { type Report, seconds } from "./report.ts";
import type { SiteServer } from "./server-process.ts";

const webhookSecret = "whsec_reliability_forged_events";

interface Victim {
  reference: string;
  orderId: number;
  accessId: number;
  endsAt: string;
  subscriptionId: string;
  paymentIntentId: string;
}

/** Bought on the site with automatic renewal, paid on the local Stripe's page, delivered as the console delivers. */
async function victim(server: SiteServer, db: Database, fake: FakeStripe, n: number): Promise<Victim> {
  const {
    cardNumber: _,
    expiryDate: __,
    cvv: ___,
    ...fields
  } = checkoutFields(n, "approved", `forged-${n}-${Date.now()}@reliability.example`);
  const answer = await postForm(
    target(server.port, 1),
    "/checkout",
    { ...fields, plan: "standard", viewers: "1", renewAutomatically: "on" },
    {
      Origin: server.url,
      "Sec-Fetch-Site": "same-origin",
    },
  );
  const sessionId = answer.headers.location?.match(/\/pay\/(cs_\w+)/)?.[1];
  if (answer.status !== 303 || !sessionId) throw new Error(`The checkout answered ${answer.status}, not Stripe's page`);
  const session = await fake.completeSession(sessionId, "card");
  const order = await db.selectFrom("orders").selectAll().where("payment_session_id", "=", sessionId).executeTakeFirstOrThrow();
  if (order.status !== "paid" || !order.gateway_reference) throw new Error(`Order ${order.reference} was not paid: ${order.status}`);
  const now = Date.now();
  const endsAt = new Date(now + 30 * 86_400_000);
  const delivered = await markOrderDelivered(db, order.id, { sealedDetails: "v1.not-read", startsAt: new Date(now), endsAt });
  if (!delivered?.access_id) throw new Error(`Order ${order.reference} was not delivered`);
  await linkSubscriptionAccess(db, order.id, delivered.access_id);
  const { ends_at } = await db.selectFrom("accesses").select("ends_at").where("id", "=", delivered.access_id).executeTakeFirstOrThrow();
  return {
    reference: order.reference,
    orderId: order.id,
    accessId: delivered.access_id,
    endsAt: ends_at,
    subscriptionId: session.subscription as string,
    paymentIntentId: order.gateway_reference,
  };
}

/** The lies told about one customer, each as a type and the object its event carries. */
async function forgeries(fake: FakeStripe, who: Victim, n: number): Promise<[string, EventType, EventObject][]> {
  const names = { order_reference: who.reference, access_reference: who.reference };
  const firstInvoice = [...fake.invoices.values()].find(
    (invoice) => invoice.parent.subscription_details.subscription === who.subscriptionId,
  )!;
  // The customer's own renewal, its true event held back: the forged one says it was paid a cent.
  fake.setWebhooksHeld(true);
  const { invoice: renewal } = await fake.advanceSubscription(who.subscriptionId, "succeeded");
  fake.setWebhooksHeld(false);
  const charge = fake.charges.get(fake.paymentIntents.get(who.paymentIntentId)!.latest_charge!)!;
  const dispute = {
    object: "dispute" as const,
    amount: 100,
    created: 0,
    currency: "eur",
    livemode: false as const,
    reason: "fraudulent" as const,
  };
  const elsewhere = {
    ...dispute,
    status: "needs_response" as const,
    id: `dp_forged_${n}`,
    charge: `ch_forged_${n}`,
    payment_intent: `pi_forged_${n}`,
  };
  const foreignInvoice = {
    ...firstInvoice,
    id: `in_forged_${n}`,
    billing_reason: "subscription_cycle" as const,
    amount_paid: 1,
    amount_due: 1,
    parent: { ...firstInvoice.parent, subscription_details: { subscription: `sub_forged_${n}`, metadata: names } },
  };
  const foreignSubscription = {
    ...fake.subscriptions.get(who.subscriptionId)!,
    id: `sub_forged_${n}`,
    metadata: names,
    status: "canceled" as const,
  };
  return [
    ["a cent's renewal from a subscription the shop never recorded", "invoice.paid", foreignInvoice],
    ["the customer's own renewal, said paid a cent", "invoice.paid", { ...renewal!, amount_paid: 1 }],
    ["an end from a subscription the shop never recorded", "customer.subscription.deleted", foreignSubscription],
    ["a dispute on a payment the shop never recorded", "charge.dispute.created", { ...elsewhere, metadata: names }],
    [
      "a dispute Stripe never opened, on the customer's payment",
      "charge.dispute.created",
      { ...elsewhere, metadata: {}, id: `dp_never_${n}`, charge: charge.id, payment_intent: who.paymentIntentId },
    ],
    [
      "a refund of a payment the shop never recorded",
      "charge.refunded",
      { ...charge, id: `ch_forged_${n}`, payment_intent: `pi_forged_${n}`, metadata: names },
    ],
    [
      "a session the shop never opened",
      "checkout.session.completed",
      { ...fake.sessions.values().next().value!, id: `cs_forged_${n}`, metadata: names },
    ],
  ];
}

export async function runForgedEvents(server: SiteServer, db: Database, report: Report, options: { customers: number }): Promise<void> {
  const startedAt = performance.now();
  await server.stop("SIGTERM");
  const fake = await startFakeStripe({ port: 0, webhookUrl: `${server.url}/webhooks/stripe`, webhookSecret });
  try {
    await server.start({
      PAYMENT_GATEWAY: "stripe",
      STRIPE_SECRET_KEY: "sk_test_reliability",
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: fake.url,
    });
    const victims: Victim[] = [];
    for (let n = 0; n < options.customers; n++) victims.push(await victim(server, db, fake, n));

    const sent: { id: string; kind: string; victim: Victim; status: number }[] = [];
    for (const [n, who] of victims.entries()) {
      for (const [kind, type, object] of await forgeries(fake, who, n)) {
        const recorded = await fake.forgeEvent(type, object);
        sent.push({ id: recorded.event.id, kind, victim: who, status: recorded.deliveries.at(-1)?.status ?? 0 });
      }
    }
    // Stripe's retries, or an attacker sending them again.
    const replays = await Promise.all(sent.map((event) => fake.deliver(event.id)));

    const ids = sent.map((event) => event.id);
    const refusals = (await db.selectFrom("audit_log").select(["subject", "details"]).where("action", "=", REFUSED_EVENT).execute())
      .map((entry) => ({ subject: entry.subject, ...(JSON.parse(entry.details ?? "{}") as { event?: string; reason?: string }) }))
      .filter((entry) => entry.event && ids.includes(entry.event));
    const unflagged = sent.filter(
      (event) => refusals.filter((entry) => entry.event === event.id && entry.subject === event.victim.reference).length !== 1,
    );
    const recordedOnce = await db.selectFrom("payment_events").select("event_id").where("event_id", "in", ids).execute();

    const changed: string[] = [];
    for (const who of victims) {
      const order = await db
        .selectFrom("orders")
        .select(["status", "refunded_cents"])
        .where("id", "=", who.orderId)
        .executeTakeFirstOrThrow();
      const access = await db.selectFrom("accesses").select(["status", "ends_at"]).where("id", "=", who.accessId).executeTakeFirstOrThrow();
      const renewals = await db.selectFrom("orders").select("id").where("renews_access_id", "=", who.accessId).execute();
      const lines = await db.selectFrom("order_events").select("type").where("order_id", "=", who.orderId).execute();
      const subscription = await db
        .selectFrom("subscriptions")
        .select("status")
        .where("processor_subscription_id", "=", who.subscriptionId)
        .executeTakeFirstOrThrow();
      const problems = [
        order.status !== "fulfilled" && `order ${order.status}`,
        order.refunded_cents !== 0 && `refunded ${order.refunded_cents}`,
        (access.status !== "active" || access.ends_at !== who.endsAt) && `access ${access.status} until ${access.ends_at}`,
        renewals.length > 0 && `${renewals.length} renewal orders`,
        lines.some((line) => line.type === "disputed") && "disputed",
        subscription.status !== "active" && `subscription ${subscription.status}`,
        lines.filter((line) => line.type === REFUSED_EVENT).length !== sent.filter((event) => event.victim === who).length &&
          "timeline lines",
      ].filter(Boolean);
      if (problems.length > 0) changed.push(`${who.reference}: ${problems.join(", ")}`);
    }

    report.figures("Forged events, signed with the webhook's secret", {
      "customers (bought on the site, paid on the local Stripe, delivered)": victims.length,
      "forged events, each kind once per customer": `${sent.length}: ${[...new Set(sent.map((event) => event.kind))].join("; ")}`,
      "answered (first delivery / replay)": `${sent.filter((event) => event.status === 200).length} / ${replays.filter((status) => status === 200).length} with 200`,
      "refused and flagged once in the audit log": refusals.length,
      took: seconds(startedAt),
    });
    report.check(
      "every forged event and its replay was answered 200 (recorded, so Stripe stops sending it)",
      sent.every((event) => event.status === 200) && replays.every((status) => status === 200),
    );
    report.check("no forged event changed anything of any customer's", changed.length === 0, changed.slice(0, 5).join("; "));
    report.check(
      "each forged event was flagged exactly once, naming the customer's order, and on its timeline; replays flagged nothing more",
      unflagged.length === 0 && refusals.length === sent.length,
      unflagged
        .slice(0, 5)
        .map((event) => `${event.kind} (${event.id})`)
        .join("; "),
    );
    report.check(
      "each forged event was recorded once as handled",
      recordedOnce.length === sent.length,
      `${recordedOnce.length} of ${sent.length}`,
    );
  } finally {
    await server.stop("SIGTERM");
    await fake.close();
    await server.start();
  }
}
