/**
 * PostgreSQL going away and coming back, without restarting the site. The server reaches the database
 * through a TCP relay the suite controls; cutting the relay is the outage (every connection dropped, new
 * ones refused), reopening it is the recovery. While the database is away: pages still 200, /readyz 503,
 * every form a clear 503 that keeps what the visitor typed (JSON for a client asking for JSON). Afterwards:
 * /readyz 200 again and orders go through, with the same process.
 */
import { connect, createServer, type Server, type Socket } from "node:net";
import type { Database } from "./database.ts";
import { allOrders } from "./database.ts";
import { checkoutFields, contactFields, newsletterFields } from "./forms.ts";
import { postForm, send, target } from "./http.ts";
import { type Report, seconds } from "./report.ts";
import type { SiteServer } from "./server-process.ts";

const pages = ["/", "/es/blog", "/fr/about", "/checkout?plan=vip&viewers=3", "/sitemap.xml"];
/** A form must answer within the pool's 5 s connection timeout and a little more. */
const formAnswerMs = 8_000;
const recoveryWithinMs = 20_000;

/** A TCP relay to the database that can be cut and restored. */
async function databaseRelay(port: number, upstream: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  async function open() {
    if (server?.listening) return;
    server = createServer((client) => {
      const database = connect(upstream.port, upstream.host);
      for (const socket of [client, database]) {
        sockets.add(socket);
        socket.on("close", () => sockets.delete(socket));
        socket.on("error", () => socket.destroy());
      }
      client.pipe(database).pipe(client);
    });
    server.listen(port, "127.0.0.1");
    await new Promise((resolve) => server?.once("listening", resolve));
  }
  async function cut() {
    // close() only calls back once every connection has ended, so they are ended right after it.
    const closed = new Promise((resolve) => server?.close(resolve));
    for (const socket of sockets) socket.destroy();
    await closed;
  }
  await open();
  return { open, cut };
}

const unavailableText = {
  checkout: "We cannot take orders right now",
  contact: "We cannot take messages right now",
  newsletter: "We cannot sign you up right now",
};

export async function runDatabaseOutage(
  server: SiteServer,
  db: Database,
  report: Report,
  { databaseUrl, relayPort }: { databaseUrl: string; relayPort: number },
) {
  const startedAt = performance.now();
  const upstream = new URL(databaseUrl);
  const relay = await databaseRelay(relayPort, { host: upstream.hostname, port: Number(upstream.port || 5432) });
  const relayed = new URL(databaseUrl);
  relayed.hostname = "127.0.0.1";
  relayed.port = String(relayPort);

  await server.stop("SIGTERM");
  await server.start({ DATABASE_URL: relayed.href });
  const client = target(server.port, 8, 30_000);
  const checkout = (email: string, n: number, accept = "text/html") =>
    postForm(client, "/checkout", checkoutFields(n, "approved", email), { Accept: accept, Origin: server.url });
  const ready = async () => (await send(client, { method: "GET", path: "/readyz" })).status;

  try {
    const before = await checkout("outage-before@reliability.example", 1);
    report.check(
      "before the outage: /readyz 200 and a checkout is paid",
      (await ready()) === 200 && before.status === 200,
      `checkout ${before.status}`,
    );

    await relay.cut();
    const cutAt = performance.now();
    report.check("during the outage: /readyz answers 503", (await ready()) === 503);

    const pageStatuses = await Promise.all(
      pages.map(async (path) => [path, (await send(client, { method: "GET", path, headers: { Accept: "text/html" } })).status] as const),
    );
    report.check(
      "during the outage: pages still answer 200",
      pageStatuses.every(([, status]) => status === 200),
      pageStatuses.map(([path, status]) => `${path} ${status}`).join(", "),
    );

    const email = "outage-during@reliability.example";
    const formStarted = performance.now();
    const failedCheckout = await checkout(email, 2);
    const formMs = performance.now() - formStarted;
    report.check(
      "during the outage: the checkout answers a clear 503 page that keeps the form",
      failedCheckout.status === 503 && failedCheckout.body.includes(unavailableText.checkout) && failedCheckout.body.includes(email),
      `status ${failedCheckout.status} in ${Math.round(formMs)} ms`,
    );
    report.check("during the outage: the form's answer comes without a long wait", formMs < formAnswerMs, `${Math.round(formMs)} ms`);
    const asJson = await checkout("outage-json@reliability.example", 3, "application/json");
    report.check(
      "during the outage: a client asking for JSON gets a 503 in JSON with Retry-After",
      asJson.status === 503 &&
        String(asJson.headers["content-type"]).startsWith("application/json") &&
        Boolean(asJson.headers["retry-after"]),
      `${asJson.status} ${asJson.headers["content-type"]} ${asJson.body.slice(0, 120)}`,
    );
    const otherForms = [
      { path: "/contact", fields: contactFields("outage-contact@reliability.example"), text: unavailableText.contact },
      { path: "/newsletter", fields: newsletterFields("outage-newsletter@reliability.example"), text: unavailableText.newsletter },
    ];
    for (const form of otherForms) {
      const answer = await postForm(client, form.path, form.fields, { Accept: "text/html", Origin: server.url });
      report.check(
        `during the outage: ${form.path} answers a clear 503 page`,
        answer.status === 503 && answer.body.includes(form.text),
        `status ${answer.status}`,
      );
    }

    await relay.open();
    const reopenedAt = performance.now();
    const outageMs = reopenedAt - cutAt;
    let recovered = false;
    while (!recovered && performance.now() - reopenedAt < recoveryWithinMs) {
      recovered = (await ready()) === 200;
      if (!recovered) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const recoveryMs = performance.now() - reopenedAt;
    report.check("after the outage: /readyz is 200 again, without a restart", recovered, `after ${Math.round(recoveryMs)} ms`);
    const after = await checkout("outage-after@reliability.example", 4);
    const stored = (await allOrders(db)).filter((order) => order.email.startsWith("outage-"));
    report.check(
      "after the outage: a checkout is paid and stored; nothing was stored during it",
      after.status === 200 &&
        stored
          .map((order) => order.email)
          .sort()
          .join() === "outage-after@reliability.example,outage-before@reliability.example",
      `checkout ${after.status}; stored: ${stored.map((order) => order.email).join(", ")}`,
    );
    report.check("the server never restarted", server.crashes().length === 0, server.crashes().join("; "));
    report.figures("Database outage", {
      "outage length (ms)": Math.round(outageMs),
      "form answer during outage (ms)": Math.round(formMs),
      "recovery after the database returned (ms)": Math.round(recoveryMs),
      "phase time (s)": seconds(startedAt),
    });
  } finally {
    client.agent.destroy();
    // Back to the database directly, then the relay can go.
    await relay.open();
    await server.stop("SIGTERM");
    await server.start();
    await relay.cut();
  }
}
