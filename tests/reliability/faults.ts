/**
 * The site with its two outside services broken: a third-party IP-geolocation service, as an operator may
 * configure with GEOLOCATION_URL instead of the site's own /api/country, accepts connections and never
 * answers, and the mail server's port is closed. Pages must still be served, checkouts must still succeed
 * and be stored, and the mails must wait as jobs for a later attempt.
 */
import { createServer, type Socket } from "node:net";
import { allMails, allOrders, type Database } from "./database.ts";
import { checkoutFields, contactFields, newsletterFields } from "./forms.ts";
import { postForm, send, target } from "./http.ts";
import { type Report, seconds } from "./report.ts";
import type { SiteServer } from "./server-process.ts";

const pages = ["/", "/es", "/fr", "/blog", "/checkout?plan=premium&viewers=2", "/es/checkout", "/contact", "/about", "/fr/privacy"];
const checkouts = 20;
/**
 * A page or a checkout (the gateway itself takes 0.4 s) must not wait on either broken service: at most this,
 * or, on a machine slow enough that the same checkouts take longer with both services working, three times
 * what they took then (measured in the same run, just before the services break).
 */
const slowMs = 5_000;
/** A job runner that never tries the closed port hangs this wait: a limit to end it, not a measure. */
const mailAttemptWithinMs = 120_000;

export async function runFaults(
  server: SiteServer,
  db: Database,
  report: Report,
  { geolocationPort, closedPort }: { geolocationPort: number; closedPort: number },
): Promise<void> {
  const startedAt = performance.now();
  const geolocation = await hangingService(geolocationPort);
  const geolocationUrl = `http://127.0.0.1:${geolocationPort}/json/`;

  const checkoutLimitMs = Math.max(slowMs, 3 * (await slowestCheckout(server)));
  const since = new Date().toISOString();
  const exitCode = await server.stop("SIGTERM");
  report.check("SIGTERM stops the server cleanly", exitCode === 0, `exit code ${exitCode}`);
  await server.start({ GEOLOCATION_URL: geolocationUrl, SMTP_URL: `smtp://127.0.0.1:${closedPort}` });
  const client = target(server.port, 8);

  try {
    // Pages: answered at once, and they do name the hanging service (so the setting really is in use).
    const pageAnswers = await Promise.all(
      pages.map(async (path) => {
        const sentAt = performance.now();
        const answer = await send(client, { method: "GET", path, headers: { Accept: "text/html" } });
        return { path, answer, ms: performance.now() - sentAt };
      }),
    );
    const badPages = pageAnswers.filter(({ answer, ms }) => answer.status !== 200 || ms > slowMs);
    report.check(
      "pages answer 200 at once while the geolocation service hangs",
      badPages.length === 0,
      badPages.map(({ path, answer, ms }) => `${path}: ${answer.status} in ${Math.round(ms)} ms`).join("; "),
    );
    const csp = String(pageAnswers[0]?.answer.headers["content-security-policy"] ?? "");
    const connectSources = csp.match(/connect-src[^;]*/)?.[0] ?? "no connect-src";
    report.check(
      "the pages use the hanging service (named in connect-src)",
      connectSources.includes(`127.0.0.1:${geolocationPort}`),
      connectSources,
    );

    // Checkouts, a contact message and a newsletter sign-up while the mail server is down.
    const emails = Array.from({ length: checkouts }, (_, n) => `faults-${n}@reliability.example`);
    const checkoutAnswers = await Promise.all(
      emails.map(async (email, n) => {
        const sentAt = performance.now();
        const path = n % 2 === 0 ? "/checkout" : "/fr/checkout.data";
        const answer = await postForm(client, path, checkoutFields(n, "approved", email));
        return { email, status: answer.status, ms: performance.now() - sentAt };
      }),
    );
    const contactEmail = "faults-contact@reliability.example";
    const newsletterEmail = "faults-newsletter@reliability.example";
    const contact = await postForm(client, "/contact", contactFields(contactEmail));
    const newsletter = await postForm(client, "/newsletter.data", newsletterFields(newsletterEmail));

    const orders = await allOrders(db);
    const paid = new Set(orders.filter((order) => order.status === "paid").map((order) => order.email));
    const failedCheckouts = checkoutAnswers.filter(({ email, status, ms }) => status !== 200 || !paid.has(email) || ms > checkoutLimitMs);
    report.check(
      `${checkouts} checkouts succeed and are stored while the mail server is down, each within ${Math.round(checkoutLimitMs)} ms`,
      failedCheckouts.length === 0,
      failedCheckouts.map(({ email, status, ms }) => `${email}: ${status} in ${Math.round(ms)} ms`).join("; "),
    );
    const storedMessage = await db.selectFrom("contact_messages").select("id").where("email", "=", contactEmail).executeTakeFirst();
    const storedSubscriber = await db
      .selectFrom("newsletter_subscribers")
      .select("id")
      .where("email", "=", newsletterEmail)
      .executeTakeFirst();
    report.check(
      "a contact message and a newsletter sign-up are accepted and stored",
      contact.status === 200 && newsletter.status === 200 && storedMessage !== undefined && storedSubscriber !== undefined,
      `contact ${contact.status}, newsletter ${newsletter.status}`,
    );

    // The mails are queued, and the job runner has tried and failed to send them, to try again later.
    // One per checkout, the operator's copy of the contact message, the newsletter confirmation.
    const expectedMails = checkouts + 2;
    const mails = await waitForMailAttempts(db, since);
    const waiting = mails.filter((mail) => mail.sent_at === null);
    const tried = waiting.filter((mail) => mail.attempts > 0 && mail.last_error !== null);
    report.check(
      "their mails are queued, unsent, for a later attempt",
      mails.length === expectedMails && waiting.length === mails.length,
      `${mails.length} queued (${expectedMails} expected), ${mails.length - waiting.length} sent`,
    );
    report.check(
      "the job runner tried the closed port and recorded the failure",
      tried.length > 0,
      `${tried.length} of ${waiting.length} tried; ${tried[0]?.last_error ?? "no error recorded"}`,
    );

    const again = await send(client, { method: "GET", path: "/", headers: { Accept: "text/html" } });
    report.check("the site still serves after the failed mail attempts", again.status === 200, `home page ${again.status}`);
    report.check("the server never connected to the geolocation service (only browsers do)", geolocation.connections() === 0);

    report.figures("Faults", {
      "geolocation service": `${geolocationUrl} (accepts, never answers)`,
      "mail server": `smtp://127.0.0.1:${closedPort} (closed)`,
      "pages served": `${pageAnswers.filter(({ answer }) => answer.status === 200).length} of ${pages.length}, slowest ${Math.round(Math.max(...pageAnswers.map(({ ms }) => ms)))} ms`,
      "checkouts paid and stored": `${checkoutAnswers.length - failedCheckouts.length} of ${checkouts}, slowest ${Math.round(Math.max(...checkoutAnswers.map(({ ms }) => ms)))} ms`,
      "mails queued / sent / attempted": `${mails.length} / ${mails.length - waiting.length} / ${tried.length}`,
      duration: seconds(startedAt),
    });
  } finally {
    client.agent.destroy();
    // Back to the normal services for the phases that follow.
    await server.stop("SIGTERM");
    geolocation.close();
    await server.start();
  }
}

/** Waits until the job runner has made an attempt at the mails queued since `since` (or the time is up), then returns them. */
/** The slowest of as many checkouts as the faults send, sent the same way to the server with its services working. */
async function slowestCheckout(server: SiteServer): Promise<number> {
  const client = target(server.port, 8);
  const times = await Promise.all(
    Array.from({ length: checkouts }, async (_, n) => {
      const sentAt = performance.now();
      const path = n % 2 === 0 ? "/checkout" : "/fr/checkout.data";
      await postForm(client, path, checkoutFields(n, "approved", `faults-reference-${n}@reliability.example`));
      return performance.now() - sentAt;
    }),
  );
  client.agent.destroy();
  return Math.max(...times);
}

async function waitForMailAttempts(db: Database, since: string) {
  const deadline = Date.now() + mailAttemptWithinMs;
  for (;;) {
    // Timestamps are ISO-8601 text of fixed width, so comparing the text compares the times.
    const mails = (await allMails(db)).filter((mail) => mail.created_at >= since);
    if (mails.some((mail) => mail.attempts > 0) || Date.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A TCP server that accepts every connection and never says a word: a service that hangs. */
async function hangingService(port: number) {
  const sockets = new Set<Socket>();
  let connections = 0;
  const service = createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => service.listen(port, "127.0.0.1", resolve));
  return {
    connections: () => connections,
    close() {
      for (const socket of sockets) socket.destroy();
      service.close();
    },
  };
}
