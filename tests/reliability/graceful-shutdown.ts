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
  // In flight means the server has them: each order stored (pending while the gateway takes its 0.4 s). A
  // fixed pause was not always enough on a loaded machine for the cluster's primary to hand every connection
  // to a worker, and a connection still in its queue at SIGTERM is not one the server had taken.
  // Waited for however long that takes on a busy machine, not for a fixed time: if the answers all come back
  // first, the checks below say what went wrong.
  const stored = async () => (await db.selectFrom("orders").select("id").where("email", "like", `${prefix}-%`).execute()).length;
  let answered = false;
  void Promise.all(answers).then(() => {
    answered = true;
  });
  while (!answered && (await stored()) < inFlight) await new Promise((resolve) => setTimeout(resolve, 20));
  const exitCode = await server.stop("SIGTERM");
  const statuses = await Promise.all(answers);
  client.agent.destroy();

  report.check(
    "SIGTERM with checkouts in flight: each one is answered 200",
    statuses.every((status) => status === 200),
    statuses.join(", "),
  );
  const paid = (await allOrders(db)).filter((order) => order.email.startsWith(`${prefix}-`) && order.status === "paid");
  report.check("…and each one is stored as paid", paid.length === inFlight, `${paid.length} of ${inFlight}`);
  report.check("…and the process exits with code 0", exitCode === 0, `exit code ${exitCode}`);
  const refused = await fetch(`${server.url}/healthz`).then(
    () => false,
    () => true,
  );
  report.check("…and afterwards nothing answers on its port", refused);
  await server.start();
}
