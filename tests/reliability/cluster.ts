/**
 * The real server as a cluster (WEB_CONCURRENCY=2, PostgreSQL): both workers answer on the one port, a
 * worker killed with SIGKILL is replaced while the other keeps answering, and SIGTERM with checkouts in
 * flight answers every one of them, then stops the primary and every worker. Which process answered is
 * read from the server's log: each line carries its worker's id, and each worker says its pid when it listens.
 */
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { processAlive } from "../support/process-alive.ts";
import type { Database } from "./database.ts";
import { runGracefulShutdown } from "./graceful-shutdown.ts";
import type { Report } from "./report.ts";
import type { SiteServer } from "./server-process.ts";

interface LogLine {
  msg?: string;
  worker?: number;
  pid?: number;
}

function logLines(file: string): LogLine[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as LogLine];
      } catch {
        return [];
      }
    });
}

/** The pids of the workers that said they were listening, in order. */
const listeningPids = (file: string) =>
  logLines(file).flatMap((line) => (line.msg?.startsWith("Listening") && line.worker !== undefined && line.pid ? [line.pid] : []));

async function until(condition: () => boolean, timeoutMs = 30_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

/** One GET /healthz on a connection of its own (the primary hands each to the next worker): its status, 0 if it failed. */
function healthz(port: number): Promise<number> {
  return new Promise((resolve) => {
    const outgoing = request({ host: "127.0.0.1", port, path: "/healthz", agent: false }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    outgoing.on("error", () => resolve(0));
    outgoing.setTimeout(10_000, () => outgoing.destroy());
    outgoing.end();
  });
}

/** True when every one of `count` requests at once answered 200. */
async function answerAll(server: SiteServer, count: number): Promise<boolean> {
  const statuses = await Promise.all(Array.from({ length: count }, () => healthz(server.port)));
  return statuses.every((status) => status === 200);
}

export async function runCluster(server: SiteServer, db: Database, report: Report, { logFile }: { logFile: string }): Promise<void> {
  await server.start({ WEB_CONCURRENCY: "2" });
  const primary = server.pid();
  await until(() => listeningPids(logFile).length >= 2);
  const workers = listeningPids(logFile);
  report.check(
    "WEB_CONCURRENCY=2 starts two worker processes besides the primary",
    workers.length === 2 && !workers.includes(primary ?? 0),
    `primary ${primary}, workers ${workers.join(", ")}`,
  );

  const before = logLines(logFile).length;
  const answered = await answerAll(server, 40);
  const answering = new Set(
    logLines(logFile)
      .slice(before)
      .flatMap((line) => (line.msg === "request" && line.worker !== undefined ? [line.worker] : [])),
  );
  report.check("…and both answer on the one port", answered && answering.size === 2, `answered by workers ${[...answering].join(", ")}`);

  // Connections the primary handed to the victim just before it died are lost with it (no worker can
  // answer them); the ones that come after the primary has seen it die go to the other worker.
  const [victim] = workers as [number];
  process.kill(victim, "SIGKILL");
  await until(() => logLines(logFile).some((line) => line.msg?.startsWith("A worker stopped unexpectedly") && line.pid === victim));
  const keptAnswering = await answerAll(server, 20);
  const replaced = await until(() => listeningPids(logFile).length >= 3);
  const replacement = listeningPids(logFile)[2];
  report.check(
    "a worker killed with SIGKILL is replaced, and the port answers meanwhile",
    keptAnswering && replaced && replacement !== undefined && replacement !== victim,
    `killed ${victim}, replaced by ${replacement ?? "nothing"}`,
  );

  // The same checks as for one process: each checkout in flight answered and stored, exit code 0.
  const running = listeningPids(logFile).filter((pid) => pid !== victim);
  await runGracefulShutdown(server, db, report, "cluster-shutdown");
  const left = running.filter(processAlive);
  report.check("…and no worker outlives the primary", left.length === 0, left.length > 0 ? `still running: ${left.join(", ")}` : "");
  await server.stop("SIGTERM");
}
