/**
 * 1,000 checkout submissions at once, approved and declined cards mixed, some sent twice with the same
 * idempotency key (a double click, a reload), half as the no-JavaScript form post and half as the `.data`
 * fetch the browser makes. Part way through, the server is killed with SIGKILL and started again; every
 * submission the kill cut off is sent again with the same key, as the visitor's browser would. Afterwards
 * the database must hold exactly what the visitors were told. Then the server is started again with
 * reconciliation looking at once, and every order the kill left pending must be settled by asking the
 * payment gateway: none left pending, none told failed that was paid.
 */
import { randomUUID } from "node:crypto";
import { ORDER_REFERENCE_PREFIX } from "../../server/db/repositories.ts";
import type { Order } from "../../server/db/schema.ts";
import { allMails, allOrders, type Database } from "./database.ts";
import { type CardOutcome, checkoutFields, formLanguages } from "./forms.ts";
import { type Answer, send, target, urlEncoded } from "./http.ts";
import { countByStatus, type Report, seconds } from "./report.ts";
import type { SiteServer } from "./server-process.ts";
import { untilNoneLeft } from "./wait.ts";

export interface LoadOptions {
  /** Distinct checkouts (idempotency keys). */
  checkouts: number;
  /** How many of them are sent twice at once, like a double click; the wave is `checkouts + doubleClicks` posts. */
  doubleClicks: number;
  /** The server is killed once this many answers have come back. */
  killAfterAnswers: number;
  /** Checkouts sent once more after everything settled, like a reload of the confirmation page. */
  reloads: number;
}

interface Checkout {
  n: number;
  key: string;
  card: CardOutcome;
  email: string;
  language: (typeof formLanguages)[number];
  fields: Record<string, string>;
}

/**
 * What one post was told: paid with a reference, failed (402) with a reason when readable, still being
 * confirmed (202, after a crash cut off the first attempt), or anything else.
 */
interface Told {
  status: number;
  state: "paid" | "failed" | "pending" | "unavailable" | "other";
  reference?: string;
  reason?: string;
}

interface Post {
  checkout: Checkout;
  via: "form" | "data";
  purpose: "first" | "double click" | "reload";
  told?: Told;
  /** Connections that failed before an answer (the kill), each followed by a new attempt. */
  retries: number;
  /** "Try again later" answers (503), each followed by a new attempt with the key the answer carried. */
  unavailable: number;
  /** Whether a 503 answer ever carried another key than the one sent (a retry could then pay twice). */
  keyChanged: boolean;
}

/**
 * A visitor told "try again later" (503: the database's connections all busy for 5 s) tries again, waiting
 * longer each time (1 s, 2 s, 4 s, then 8 s). On a slow machine a thousand checkouts at once keep the pool
 * busy longer: the attempts leave two minutes for it, so "in the end" is about the shop, not the machine.
 */
const maxAttempts = 18;
const pauseBeforeAttempt = (unavailable: number) => 1_000 * Math.min(8, 2 ** (unavailable - 1));
const fresh = { retries: 0, unavailable: 0, keyChanged: false };
const referencePattern = new RegExp(`\\b${ORDER_REFERENCE_PREFIX}-[0-9A-Z]{4}-[0-9A-Z]{4}\\b`);
// The `.data` answer is a turbo-stream (JSON) array; the rendered page carries the same data escaped in a script.
const reasonPattern = /\\?"reason\\?",\\?"(\w+)/;

export async function runCheckoutLoad(server: SiteServer, db: Database, report: Report, options: LoadOptions): Promise<void> {
  const startedAt = performance.now();
  const client = target(server.port, options.checkouts + options.doubleClicks);
  const checkouts = Array.from({ length: options.checkouts }, (_, n) => newCheckout(n));
  const wave = waveOfPosts(checkouts, options.doubleClicks);

  // The kill: when enough answers are in, SIGKILL, then start again. Posts whose connection broke wait for
  // `serverBack` and are sent again.
  let answered = 0;
  let serverBack: Promise<void> = Promise.resolve();
  let kill: { afterAnswers: number; inFlight: number; downFor: string } | undefined;
  const onAnswer = () => {
    answered++;
    if (answered === options.killAfterAnswers) serverBack = killAndRestart();
  };
  async function killAndRestart() {
    const afterAnswers = answered;
    const inFlight = wave.filter((post) => !post.told).length;
    const killedAt = performance.now();
    await server.stop("SIGKILL");
    await server.start();
    kill = { afterAnswers, inFlight, downFor: seconds(killedAt) };
  }

  // A visitor whose page broke sends the form again; one told to try again later does so a moment later,
  // with the key that answer carried (which must be the one sent).
  const submit = async (post: Post) => {
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      let answer: Answer;
      try {
        answer = await send(client, checkoutRequest(post, server.url));
      } catch {
        post.retries++;
        await serverBack;
        continue;
      }
      post.told = readAnswer(answer);
      onAnswer();
      if (post.told.state !== "unavailable") return;
      post.unavailable++;
      if (!answer.body.includes(post.checkout.key)) post.keyChanged = true;
      await new Promise((resolve) => setTimeout(resolve, pauseBeforeAttempt(post.unavailable)));
    }
  };

  await Promise.all(wave.map(submit));
  await serverBack;

  // Reloads come once everything has settled: the same key must give the same answer again.
  const settled = checkouts.filter((checkout) =>
    wave.some((post) => post.checkout === checkout && ["paid", "failed"].includes(post.told?.state ?? "")),
  );
  const reloads = settled.slice(0, options.reloads).map((checkout): Post => ({ checkout, via: "form", purpose: "reload", ...fresh }));
  await Promise.all(reloads.map(submit));
  client.agent.destroy();

  const posts = [...wave, ...reloads];
  const pendingAfterLoad = (await allOrders(db)).filter((order) => order.status === "pending").length;
  const reconciliation = await reconcile(server, db);
  await verify(db, report, { checkouts, posts, kill, duration: seconds(startedAt), pendingAfterLoad, reconciliation });
}

/**
 * Restarts the server with reconciliation looking at orders pending for a second, waits until it has settled
 * them all (or settled none for a minute: stuck), then restarts it as it was for the phases that follow.
 */
async function reconcile(server: SiteServer, db: Database): Promise<{ took: string }> {
  const startedAt = performance.now();
  await server.stop("SIGTERM");
  await server.start({ RECONCILE_AFTER_SECONDS: "1" });
  await untilNoneLeft(async () => (await allOrders(db)).filter((order) => order.status === "pending").length, { stallMs: 60_000 });
  const took = seconds(startedAt);
  await server.stop("SIGTERM");
  await server.start();
  return { took };
}

function newCheckout(n: number): Checkout {
  // Seven approved cards in ten, three declined.
  const card: CardOutcome = n % 10 < 7 ? "approved" : "declined";
  const email = `load-${n}@reliability.example`;
  const key = randomUUID();
  return { n, key, card, email, language: formLanguages[n % formLanguages.length]!, fields: checkoutFields(n, card, email, key) };
}

/** Every checkout once, alternating form and `.data`; the double clicks right after their first post, the other way. */
function waveOfPosts(checkouts: Checkout[], doubleClicks: number): Post[] {
  const every = Math.max(1, Math.floor(checkouts.length / doubleClicks));
  const posts: Post[] = [];
  let twice = 0;
  for (const checkout of checkouts) {
    const via = checkout.n % 2 === 0 ? "form" : "data";
    posts.push({ checkout, via, purpose: "first", ...fresh });
    if (checkout.n % every === 0 && twice++ < doubleClicks) {
      posts.push({ checkout, via: via === "form" ? "data" : "form", purpose: "double click", ...fresh });
    }
  }
  return posts;
}

function checkoutRequest(post: Post, origin: string) {
  const path = `${post.checkout.language}/checkout${post.via === "data" ? ".data" : ""}`;
  return {
    method: "POST",
    path,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, "Sec-Fetch-Site": "same-origin" },
    body: urlEncoded(post.checkout.fields),
  };
}

function readAnswer(answer: Answer): Told {
  const reference = answer.body.match(referencePattern)?.[0];
  if (answer.status === 200 && reference) return { status: 200, state: "paid", reference };
  if (answer.status === 402) return { status: 402, state: "failed", reason: answer.body.match(reasonPattern)?.[1] };
  if (answer.status === 202 && reference) return { status: 202, state: "pending", reference };
  if (answer.status === 503) return { status: 503, state: "unavailable" };
  return { status: answer.status, state: "other" };
}

interface Outcome {
  checkouts: Checkout[];
  posts: Post[];
  kill: { afterAnswers: number; inFlight: number; downFor: string } | undefined;
  duration: string;
  /** Orders still pending when the load ended (cut off by the kill), before reconciliation. */
  pendingAfterLoad: number;
  reconciliation: { took: string };
}

async function verify(db: Database, report: Report, { checkouts, posts, kill, duration, pendingAfterLoad, reconciliation }: Outcome) {
  const orders = await allOrders(db);
  const mails = (await allMails(db)).filter((mail) => mail.kind === "order-confirmation");
  const ordersByEmail = groupBy(orders, (order) => order.email);
  const mailsByAddress = groupBy(mails, (mail) => mail.to_address);
  const postsByKey = groupBy(posts, (post) => post.checkout.key);
  const sentEmails = new Set(checkouts.map((checkout) => checkout.email));

  const problems = { lost: [] as string[], wrongState: [] as string[], conflicting: [] as string[], mails: [] as string[] };
  let toldPaid = 0;
  let toldDeclined = 0;
  let toldPending = 0;
  let paidWithoutMail = 0;

  for (const checkout of checkouts) {
    const told = (postsByKey.get(checkout.key) ?? []).flatMap((post) => (post.told ? [post.told] : []));
    const stored = ordersByEmail.get(checkout.email) ?? [];
    const order: Order | undefined = stored[0];
    const paidReferences = new Set(told.filter((answer) => answer.state === "paid").map((answer) => answer.reference));
    const failed = told.filter((answer) => answer.state === "failed");
    const pending = told.filter((answer) => answer.state === "pending");
    const label = `checkout ${checkout.n} (${checkout.card})`;

    if (paidReferences.size > 0) {
      toldPaid++;
      const reference = [...paidReferences][0];
      if (order?.status !== "paid" || order.reference !== reference) {
        problems.lost.push(`${label}: told paid as ${reference}, stored ${order ? `${order.reference} ${order.status}` : "nothing"}`);
      }
      if (paidReferences.size > 1 || failed.length > 0) problems.conflicting.push(`${label}: told ${told.map(describe).join(", ")}`);
      const queued = mailsByAddress.get(checkout.email)?.length ?? 0;
      if (queued !== 1) problems.mails.push(`${label}: told paid, ${queued} confirmation mails queued`);
    } else if (failed.length > 0) {
      const reasons = new Set(failed.map((answer) => answer.reason));
      if (
        checkout.card === "declined" &&
        reasons.size === 1 &&
        reasons.has("declined") &&
        order?.status === "failed" &&
        order.failure_reason === "declined"
      ) {
        toldDeclined++;
      } else {
        problems.wrongState.push(
          `${label}: told ${failed.map(describe).join(", ")}, stored ${order ? `${order.status} ${order.failure_reason}` : "nothing"}`,
        );
      }
    } else if (pending.length > 0) {
      // Cut off by the kill: told that the payment is being confirmed and a mail will follow; reconciliation decides.
      toldPending++;
      if (order?.status === "pending" || (order?.status === "paid" && checkout.card === "declined")) {
        problems.wrongState.push(`${label}: told it was being confirmed, stored ${order.status}`);
      }
      if (order?.status === "paid" && (mailsByAddress.get(checkout.email)?.length ?? 0) !== 1) {
        problems.mails.push(`${label}: settled paid by reconciliation, ${mailsByAddress.get(checkout.email)?.length ?? 0} mails`);
      }
    }
    if (order?.status === "paid" && !mailsByAddress.has(checkout.email)) paidWithoutMail++;
  }

  const duplicated = [...ordersByEmail.values()].reduce((sum, rows) => sum + rows.length - 1, 0);
  const strangers = orders.filter((order) => !sentEmails.has(order.email)).length;
  const duplicatedMails = [...mailsByAddress.values()].reduce((sum, rows) => sum + rows.length - 1, 0);
  const statuses = posts.map((post) => post.told?.status ?? "no answer");
  const unexpected = posts.filter((post) => !["paid", "failed", "pending"].includes(post.told?.state ?? ""));
  const unavailable = posts.reduce((sum, post) => sum + post.unavailable, 0);
  const keyChanged = posts.filter((post) => post.keyChanged);
  const resent = posts.reduce((sum, post) => sum + post.retries, 0);
  const wave = posts.filter((post) => post.purpose !== "reload");
  const count = (status: Order["status"]) => orders.filter((order) => order.status === status).length;

  report.figures("Checkout load", {
    "checkouts (distinct idempotency keys)": `${checkouts.length} (${checkouts.filter((c) => c.card === "approved").length} approved cards, ${checkouts.filter((c) => c.card === "declined").length} declined)`,
    "submissions sent at once": `${wave.length} (${wave.filter((post) => post.purpose === "double click").length} double clicks; ${wave.filter((p) => p.via === "data").length} as .data fetches)`,
    "submissions sent again after the kill": resent,
    "reloads sent after everything settled": posts.length - wave.length,
    "answers by status": JSON.stringify(countByStatus(statuses)),
    "server killed (SIGKILL)": kill
      ? `after ${kill.afterAnswers} answers, ${kill.inFlight} submissions in flight; serving again after ${kill.downFor}`
      : "never (the load ended first)",
    "orders told paid / told declined / told being confirmed": `${toldPaid} / ${toldDeclined} / ${toldPending}`,
    "orders pending when the load ended (cut off by the kill)": pendingAfterLoad,
    "reconciliation (restart, then every pending order settled)": reconciliation.took,
    "orders stored after reconciliation": `${orders.length} (paid ${count("paid")}, failed ${count("failed")}, pending ${count("pending")})`,
    "orders told paid and missing": problems.lost.length,
    "orders duplicated": duplicated,
    "orders nobody sent": strangers,
    "told to try again later (503), and did": unavailable,
    "confirmation mails queued (duplicated)": `${mails.length} (${duplicatedMails})`,
    "paid orders without a confirmation mail": paidWithoutMail,
    duration,
  });

  report.check("the server was killed while submissions were in flight", (kill?.inFlight ?? 0) > 0);
  report.check(
    "every submission was answered, in the end, paid (200), failed (402) or being confirmed (202)",
    unexpected.length === 0,
    unexpected
      .slice(0, 5)
      .map((post) => `checkout ${post.checkout.n} via ${post.via}: ${post.told?.status ?? "no answer"}`)
      .join("; "),
  );
  report.check(
    "every 'try again later' (503) kept the visitor's idempotency key, so trying again cannot pay twice",
    keyChanged.length === 0,
    `${keyChanged.length} of ${unavailable} answers 503 changed it`,
  );
  report.check("no order a visitor was told had succeeded is missing", problems.lost.length === 0, problems.lost.slice(0, 5).join("; "));
  report.check(
    "no checkout made more than one order",
    duplicated === 0 && strangers === 0,
    `${duplicated} duplicated, ${strangers} unknown`,
  );
  report.check("reconciliation left no order pending", count("pending") === 0, `${count("pending")} still pending`);
  report.check(
    "every order is stored as the visitor was told (declined as failed; none told failed that was paid; none told being confirmed left pending)",
    problems.wrongState.length === 0,
    problems.wrongState.slice(0, 5).join("; "),
  );
  report.check(
    "submissions repeated with the same key got the same answer",
    problems.conflicting.length === 0,
    problems.conflicting.slice(0, 5).join("; "),
  );
  report.check(
    "every order told paid has exactly one confirmation mail queued",
    problems.mails.length === 0 && duplicatedMails === 0,
    problems.mails.slice(0, 5).join("; "),
  );
  // Also the orders paid just before the kill, whose visitor heard of it only from the retry.
  report.check("every paid order has its confirmation mail queued", paidWithoutMail === 0, `${paidWithoutMail} without`);
}

function describe(told: Told): string {
  return told.state === "paid" ? `paid ${told.reference}` : `${told.status}${told.reason ? ` ${told.reason}` : ""}`;
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}
