/**
 * SIGTERM while checkouts are in flight (the test gateway takes about 0.4 s to answer): every one of them
 * gets its answer and its order, the process exits cleanly, and it answers nothing new once stopping.
 */
import { allOrders, type Database } from "./database.ts";
import { checkoutFields } from "./forms.ts";
import { postForm, target } from "./http.ts";
import type { Report } from "./report.ts";
import type { SiteServer } from "./server-process.ts";

const inFlight = 10;

/** `prefix` names this run's orders (their e-mail addresses), so that two runs in one suite count apart. */
export async function runGracefulShutdown(server: SiteServer, db: Database, report: Report, prefix = "shutdown"): Promise<void> {
  const client = target(server.port, inFlight, 30_000);
  const emails = Array.from({ length: inFlight }, (_, n) => `${prefix}-${n}@reliability.example`);
  const answers = emails.map((email, n) =>
    postForm(client, "/checkout", checkoutFields(n, "approved", email), { Accept: "text/html", Origin: server.url }).then(
      (answer) => answer.status,
      (error: Error) => `failed: ${error.message}`,
    ),
  );
  // Long enough for the requests to reach the server, well within the gateway's delay.
  await new Promise((resolve) => setTimeout(resolve, 150));
  const exitCode = await server.stop("SIGTERM");
  const statuses = await Promise.all(answers);
  client.agent.destroy();

  report.check(
    "SIGTERM with checkouts in flight: each one is answered 200",
    statuses.every((status) => status === 200),
    statuses.join(", "),
  );
  const stored = (await allOrders(db)).filter((order) => order.email.startsWith(`${prefix}-`) && order.status === "paid");
  report.check("…and each one is stored as paid", stored.length === inFlight, `${stored.length} of ${inFlight}`);
  report.check("…and the process exits with code 0", exitCode === 0, `exit code ${exitCode}`);
  const refused = await fetch(`${server.url}/healthz`).then(
    () => false,
    () => true,
  );
  report.check("…and afterwards nothing answers on its port", refused);
  await server.start();
}
