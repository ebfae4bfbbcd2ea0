/**
 * The reliability suite (`npm run test:reliability`): the real server on the last build, on PostgreSQL when
 * RELIABILITY_DATABASE_URL is set (as in CI), else on the embedded SQLite. In turn: 1,000 checkouts at once
 * with a SIGKILL in the middle, 10,000 hostile requests and forged payment events, the geolocation service hanging and the mail
 * server down, SIGTERM with checkouts in flight, and on PostgreSQL only: webhooks and reminders due at once
 * on two servers with one killed, two renewals of one access paid at once on two servers, 300 automatic renewals due at once on two servers with one killed, two worker processes on one port with one killed, and the database going
 * away and coming back; last, a backup with checkouts in flight, the database deleted and restored. Prints its figures;
 * exits non-zero when any check fails.
 *
 * `npm run test:reliability -- hostile faults` runs only the phases named (load, hostile, faults,
 * shutdown, jobs, renewals, subscriptions, cluster, outage, backup; `forged` is the hostile phase's forged payment
 * events alone).
 */
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { runBackupRestore } from "./backup-restore.ts";
import { runCheckoutLoad } from "./checkout-load.ts";
import { runCluster } from "./cluster.ts";
import { closeDatabase, emptySiteTables, openSiteDatabase } from "./database.ts";
import { runDatabaseOutage } from "./database-outage.ts";
import { runFaults } from "./faults.ts";
import { runForgedEvents } from "./forged-events.ts";
import { runGracefulShutdown } from "./graceful-shutdown.ts";
import { runHostileRequests } from "./hostile-requests.ts";
import { runJobsAcrossServers } from "./jobs.ts";
import { verifyMailsSent } from "./mail-delivery.ts";
import { runConcurrentRenewals } from "./renewals.ts";
import { createReport, seconds } from "./report.ts";
import { freePorts, reliabilityAccessKey, siteServer } from "./server-process.ts";
import { runSubscriptionsAcrossServers } from "./subscriptions.ts";

const startedAt = performance.now();
const workDirectory = resolve(".reliability");
const databaseUrl = process.env.RELIABILITY_DATABASE_URL?.trim() || undefined;
const sqliteFile = join(workDirectory, "site.db");
// A run takes its variety from this seed; set RELIABILITY_SEED to replay one.
const seed = Number(process.env.RELIABILITY_SEED ?? Date.now() % 1_000_000);
const phases = process.argv.slice(2);
const runs = (
  phase: "load" | "hostile" | "faults" | "shutdown" | "jobs" | "renewals" | "subscriptions" | "cluster" | "outage" | "backup",
) => phases.length === 0 || phases.includes(phase);

if (!existsSync("build/server/index.js")) {
  console.error("No build found: run `npm run build` first (npm run test:reliability does).");
  process.exit(1);
}
rmSync(workDirectory, { recursive: true, force: true });
mkdirSync(workDirectory, { recursive: true });

if (databaseUrl) {
  console.log(`Database: PostgreSQL from RELIABILITY_DATABASE_URL (${new URL(databaseUrl).host}${new URL(databaseUrl).pathname}).`);
} else {
  console.log("*".repeat(100));
  console.log("* RELIABILITY_DATABASE_URL is not set: this run uses the embedded SQLite, NOT PostgreSQL.");
  console.log(`* Database file: ${sqliteFile}. CI sets RELIABILITY_DATABASE_URL and runs it on PostgreSQL.`);
  console.log("*".repeat(100));
}
console.log(`Seed: ${seed} (RELIABILITY_SEED=${seed} replays these hostile requests). Logs and data: ${workDirectory}`);

const report = createReport();
let db = await openSiteDatabase({ url: databaseUrl, sqliteFile });
// Every table starts empty, so each figure counts this run only.
await emptySiteTables(db);

const [sitePort, geolocationPort, closedPort, relayPort, secondPort, receiverPort, clusterPort] = await freePorts(7);
const serverEnv = {
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { SQLITE_FILE: sqliteFile }),
  MAIL_OUTBOX_DIR: join(workDirectory, "outbox"),
  // Behind a "load balancer": a request's X-Forwarded-For is its address (the hostile phase's /64 variants);
  // the others send none, so they come from 127.0.0.1.
  TRUST_PROXY: "true",
  // Every request comes from 127.0.0.1: the per-address limits would turn the load into 429s.
  CHECKOUT_RATE_LIMIT: "1000000",
  CHECKOUT_DECLINE_LIMIT: "1000000",
  CONTACT_RATE_LIMIT: "1000000",
  NEWSLETTER_RATE_LIMIT: "1000000",
};
const server = siteServer({ port: sitePort!, logFile: join(workDirectory, "server.log"), env: serverEnv });

try {
  await server.start();

  if (runs("load")) {
    report.section("1,000 checkouts at once, the server killed with SIGKILL in the middle");
    await runCheckoutLoad(server, db, report, { checkouts: 880, doubleClicks: 120, killAfterAnswers: 400, reloads: 60 });
    await verifyMailsSent(db, report, { directory: serverEnv.MAIL_OUTBOX_DIR, kinds: ["order-confirmation"] });
  }
  if (runs("hostile")) {
    report.section("10,000 malformed and hostile requests");
    const unexpectedFile = join(workDirectory, "unexpected-answers.jsonl");
    await runHostileRequests(server, db, report, { count: 10_000, seed, unexpectedFile });
  }
  // Part of the hostile phase; `forged` runs it alone.
  if (runs("hostile") || phases.includes("forged")) {
    report.section("Forged payment events: signed with the webhook's secret, naming another customer's order or another sum");
    await runForgedEvents(server, db, report, { customers: 6 });
  }
  if (runs("faults")) {
    report.section("Geolocation service hanging, mail server down");
    await runFaults(server, db, report, { geolocationPort: geolocationPort!, closedPort: closedPort! });
  }

  if (runs("shutdown")) {
    report.section("SIGTERM with checkouts in flight");
    await runGracefulShutdown(server, db, report);
  }
  if (runs("jobs")) {
    report.section("Jobs due at once on two servers, one killed in the middle");
    if (databaseUrl) {
      const second = siteServer({ port: secondPort!, logFile: join(workDirectory, "server-2.log"), env: serverEnv });
      await runJobsAcrossServers(server, second, db, report, { orders: 300, reminders: 300, receiverPort: receiverPort! });
      await verifyMailsSent(db, report, { directory: serverEnv.MAIL_OUTBOX_DIR, kinds: ["order-access", "renewal-reminder"] });
      for (const crash of second.crashes()) report.check("the second server never crashed", false, crash);
    } else console.log("  skipped: two servers share one database on PostgreSQL (RELIABILITY_DATABASE_URL).");
  }
  if (runs("renewals")) {
    report.section("Two renewals of the same access paid at the same moment on two servers");
    if (databaseUrl) {
      const second = siteServer({ port: secondPort!, logFile: join(workDirectory, "server-2.log"), env: serverEnv });
      await runConcurrentRenewals(server, second, db, report, { accesses: 20, receiverPort: receiverPort! });
      for (const crash of second.crashes()) report.check("the second server never crashed", false, crash);
    } else console.log("  skipped: two servers share one database on PostgreSQL (RELIABILITY_DATABASE_URL).");
  }
  if (runs("subscriptions")) {
    report.section("300 automatic renewals due at once on two servers, one killed in the middle");
    if (databaseUrl) {
      const second = siteServer({ port: secondPort!, logFile: join(workDirectory, "server-3.log"), env: serverEnv });
      await runSubscriptionsAcrossServers(server, second, db, report, { subscriptions: 300, receiverPort: receiverPort! });
      await verifyMailsSent(db, report, {
        directory: serverEnv.MAIL_OUTBOX_DIR,
        kinds: ["renewal-confirmation"],
        recipients: /^subscribe-/,
      });
      for (const crash of second.crashes()) report.check("the second server never crashed", false, crash);
    } else console.log("  skipped: two servers share one database on PostgreSQL (RELIABILITY_DATABASE_URL).");
  }
  if (runs("cluster")) {
    report.section("Two worker processes on one port (WEB_CONCURRENCY=2): one killed, then SIGTERM with checkouts in flight");
    if (databaseUrl) {
      const logFile = join(workDirectory, "server-cluster.log");
      const clustered = siteServer({ port: clusterPort!, logFile, env: serverEnv });
      await runCluster(clustered, db, report, { logFile });
      for (const crash of clustered.crashes()) report.check("the clustered server never crashed", false, crash);
    } else console.log("  skipped: several processes need PostgreSQL (RELIABILITY_DATABASE_URL); on SQLite the server refuses them.");
  }
  if (runs("outage")) {
    report.section("PostgreSQL going away and coming back");
    if (databaseUrl) await runDatabaseOutage(server, db, report, { databaseUrl, relayPort: relayPort! });
    else console.log("  skipped: the embedded SQLite cannot go away; this phase runs on PostgreSQL (RELIABILITY_DATABASE_URL).");
  }

  if (runs("backup")) {
    report.section("A backup with 100 checkouts in flight, then the database deleted and restored");
    db = await runBackupRestore(server, db, report, {
      database: { url: databaseUrl, sqliteFile },
      accessKey: reliabilityAccessKey,
      workDirectory,
      checkouts: 100,
    });
  }

  const crashes = server.crashes();
  report.check("the server never crashed", crashes.length === 0, crashes.join("; "));
} catch (error) {
  report.check("the suite ran to the end", false, (error as Error).stack ?? String(error));
} finally {
  await server.stop("SIGKILL");
  await closeDatabase(db);
}

const failures = report.failures();
console.log(
  `\nReliability suite: ${failures.length === 0 ? "all checks passed" : `${failures.length} checks FAILED`} in ${seconds(startedAt)}.`,
);
for (const failure of failures) console.log(`  FAILED: ${failure}`);
if (!databaseUrl) console.log("(on the embedded SQLite: RELIABILITY_DATABASE_URL was not set)");
process.exit(failures.length === 0 ? 0 : 1);
