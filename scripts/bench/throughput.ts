/**
 * The landing page's serving throughput beside nginx serving the same bytes, on one core: the budget is at
 * least half of nginx's requests per second (docs/decisions/0003-performance-budgets.md).
 *
 * The bench takes `/` from our server once (gzip, a phone's headers), has nginx serve exactly those bytes
 * with the same headers from disk, and measures both the same way: the server under test pinned to one
 * core (ours is one Node process; nginx one worker), wrk on another core, the same request headers,
 * keep-alive, 50 connections, 3 s of warm-up then 10 s measured. With `--rounds N` the two take turns N
 * times and each server's median run counts.
 */
import { request } from "node:http";
import { cpus, loadavg } from "node:os";
import { gunzipSync } from "node:zlib";
import { allowedCpus, coreCpuSeconds, cpuSeconds, exitedChildrenCpuSeconds, pinProcess, tasksetAvailable } from "./cpu.ts";
import { installHint, nginxAvailable, nginxPath, nginxVersion, startNginx } from "./nginx.ts";
import type { Check } from "./report.ts";
import {
  disturbanceNote,
  type LoadFigures,
  medianRun,
  throughputCheck,
  throughputNotes,
  throughputSummary,
  throughputTable,
} from "./throughput-report.ts";
import { runWrk, wrkAvailable, wrkInstallHint } from "./wrk.ts";

export const load = { connections: 50, durationS: 10, warmupS: 3, timeoutS: 5 };

/** What a phone's browser sends for a page (Lighthouse's mobile user agent), asking for gzip; the same for both servers. */
export const requestHeaders: Record<string, string> = {
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "gzip",
  "accept-language": "en-GB,en;q=0.9",
  "user-agent":
    "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36",
};

interface RawResponse {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

/** One GET with exactly these headers and the body as it came over the wire (fetch() would decompress it). */
export function fetchRaw(url: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const pairs: [string, string][] = [];
        for (let index = 0; index < response.rawHeaders.length; index += 2) {
          pairs.push([response.rawHeaders[index] ?? "", response.rawHeaders[index + 1] ?? ""]);
        }
        resolve({ status: response.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) });
      });
      response.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

const header = (response: RawResponse, name: string) => response.headers.find(([key]) => key.toLowerCase() === name)?.[1] ?? null;

/** Headers of ours nginx does not answer with (it sets Date, Server and the like itself). */
function missingHeaders(ours: RawResponse, served: RawResponse): string[] {
  const own = new Set(["date", "connection", "keep-alive", "server"]);
  return ours.headers.map(([name]) => name.toLowerCase()).filter((name) => !own.has(name) && header(served, name) === null);
}

interface Cores {
  server: number;
  load: number;
}

const sumOf = (cores: Map<number, number> | null) => (cores ? [...cores.values()].reduce((a, b) => a + b, 0) : null);

/** A warm-up, then the measured run, with the CPU time every party used over it. */
async function measure(label: string, url: string, serverPids: () => number[], cores: Cores): Promise<LoadFigures> {
  const options = { url, headers: requestHeaders, connections: load.connections, timeoutS: load.timeoutS, cpu: cores.load };
  await runWrk({ ...options, durationS: load.warmupS });
  const pids = serverPids();
  const before = { server: cpuSeconds(pids), wrk: exitedChildrenCpuSeconds(), cores: coreCpuSeconds(), own: process.cpuUsage() };
  const started = performance.now();
  const result = await runWrk({ ...options, durationS: load.durationS });
  const wallSeconds = (performance.now() - started) / 1000;
  const after = { server: cpuSeconds(pids), wrk: exitedChildrenCpuSeconds(), cores: coreCpuSeconds() };
  const own = process.cpuUsage(before.own);
  const share = (from: number | null | undefined, to: number | null | undefined) =>
    from != null && to != null ? Math.max(0, (to - from) / wallSeconds) : null;
  const serverCpu = share(before.server, after.server);
  const loadGeneratorCpu = share(before.wrk, after.wrk);
  const serverCore = share(before.cores?.get(cores.server), after.cores?.get(cores.server));
  const allCores = share(sumOf(before.cores), sumOf(after.cores));
  const ownCpu = (own.user + own.system) / 1e6 / wallSeconds;
  return {
    label,
    ...result,
    serverCpu,
    loadGeneratorCpu,
    serverCoreOtherCpu: serverCore !== null && serverCpu !== null ? Math.max(0, serverCore - serverCpu) : null,
    otherCpu:
      allCores !== null && serverCpu !== null && loadGeneratorCpu !== null
        ? Math.max(0, allCores - serverCpu - loadGeneratorCpu - ownCpu)
        : null,
  };
}

/** What is missing to run the comparison as designed, or null when everything is there. */
function missingTools(): string | null {
  if (!tasksetAvailable()) return "taskset (util-linux) is not available: the comparison pins each server to one core with it, on Linux.";
  if (!nginxAvailable()) return `nginx is not installed at ${nginxPath}. Install it with: ${installHint}`;
  if (!wrkAvailable()) return `wrk is not installed. Install it with: ${wrkInstallHint}`;
  return null;
}

/** The first two cores this process may use: the servers run on the first, wrk on the second. */
function chooseCores(): Cores | null {
  const [server, loadCore] = allowedCpus() ?? [];
  return server !== undefined && loadCore !== undefined ? { server, load: loadCore } : null;
}

/**
 * Runs the comparison against our server (already running on `port`, one process: `serverPid`) and
 * prints it. Returns the ratio's check, or null when a tool is missing or the machine has one core (then
 * it says why).
 */
export async function measureThroughput(port: number, serverPid: number, nginxPort: number, rounds = 1): Promise<Check | null> {
  const ourUrl = `http://127.0.0.1:${port}/`;
  const nginxUrl = `http://127.0.0.1:${nginxPort}/`;
  console.log(
    `\nLanding page throughput on one core: GET / with ${Object.entries(requestHeaders)
      .filter(([name]) => name !== "user-agent")
      .map(([name, value]) => `${name}: ${value}`)
      .join(", ")}, a phone's user agent; the same headers for both servers.`,
  );
  const missing = missingTools();
  const cores = chooseCores();
  if (missing || !cores) {
    console.log(`  Skipped: ${missing ?? "this process may use only one core, and wrk needs a core of its own."}`);
    return null;
  }
  // Another process answering on the port (ours having failed to listen) would be measured in its place.
  if (cpuSeconds([serverPid]) === null) {
    throw new Error(`our server (pid ${serverPid}) is not running: see bench-results/server.log (was port ${port} already in use?)`);
  }
  // The bench itself (idle while wrk runs) stays off the servers' core.
  pinProcess(process.pid, cores.load);
  pinProcess(serverPid, cores.server);

  const ours = await fetchRaw(ourUrl, requestHeaders);
  if (ours.status !== 200) throw new Error(`Our server answered / with ${ours.status}, not 200.`);
  if (header(ours, "content-encoding") !== "gzip") throw new Error("Our server did not answer / with gzip.");
  const contentType = header(ours, "content-type") ?? "text/html";
  const version = nginxVersion();
  console.log(
    `  Our server's answer: ${ours.body.byteLength} bytes gzip-encoded (${gunzipSync(ours.body).byteLength} bytes of HTML), ` +
      `Content-Type ${contentType}, ${ours.headers.length} headers. ${version} serves those bytes from disk with the same headers.`,
  );
  console.log(
    `  Core ${cores.server}: the server under test, alone (our server: one Node process writing its request log to a file; ` +
      `nginx: one worker, access log off). Core ${cores.load}: wrk, one thread, ${load.connections} keep-alive connections, ` +
      `${load.warmupS} s of warm-up then ${load.durationS} s measured` +
      (rounds > 1 ? `; ${rounds} rounds taking turns, each server's median run counts.` : "."),
  );
  console.log(
    `  ${cpus().length} cores (${cpus()[0]?.model.trim() ?? "unknown CPU"}); load average over the last minute: ${loadavg()[0]?.toFixed(2)}. ` +
      "CPU columns: 100% = one core; µs CPU/req = the server's CPU time per request; others* = other processes on the servers' core, others = on any core.",
  );

  const nginx = await startNginx({ body: ours.body, contentType, headers: ours.headers }, nginxPort, cores.server);
  const oursRuns: LoadFigures[] = [];
  const nginxRuns: LoadFigures[] = [];
  try {
    const served = await fetchRaw(nginxUrl, requestHeaders);
    const absent = missingHeaders(ours, served);
    const same = served.status === 200 && served.body.equals(ours.body) && header(served, "content-type") === contentType;
    if (!same || header(served, "content-encoding") !== "gzip" || absent.length > 0) {
      throw new Error(
        `nginx does not answer with the same bytes and headers: status ${served.status}, ${served.body.byteLength} bytes, ` +
          `Content-Type ${header(served, "content-type")}, Content-Encoding ${header(served, "content-encoding")}` +
          (absent.length > 0 ? `, without ${absent.join(", ")}.` : "."),
      );
    }
    console.log(
      `  ${version} is up on 127.0.0.1:${nginxPort} with ${nginx.pids().length - 1} worker and answers with the same bytes and headers.`,
    );
    for (let round = 1; round <= rounds; round++) {
      const suffix = rounds > 1 ? ` #${round}` : "";
      oursRuns.push(await measure(`our server${suffix}`, ourUrl, () => [serverPid], cores));
      nginxRuns.push(await measure(`${version}${suffix}`, nginxUrl, nginx.pids, cores));
    }
  } finally {
    await nginx.stop();
  }

  console.log("");
  for (const line of throughputTable(oursRuns.flatMap((run, index) => [run, nginxRuns[index] ?? run]))) console.log(`  ${line}`);
  console.log("");
  const oursFigures = medianRun(oursRuns);
  const nginxFigures = medianRun(nginxRuns);
  if (rounds > 1) console.log(`  Median of ${rounds} rounds for each server: ${oursFigures.label} against ${nginxFigures.label}.`);
  const disturbed = disturbanceNote([...oursRuns, ...nginxRuns]);
  if (disturbed) console.log(`  ${disturbed}`);
  for (const note of throughputNotes(oursFigures, nginxFigures)) console.log(`  ${note}`);
  const runs = [...oursRuns, ...nginxRuns];
  const closing = throughputSummary({ ...oursFigures, label: "our server" }, { ...nginxFigures, label: version }, runs);
  console.log(`\n${closing.map((line) => `  ${line}`).join("\n")}`);
  if (runs.some((run) => run.failed > 0)) {
    console.log(
      `  Some requests failed (a connection error, no answer within ${load.timeoutS} s, or a status of 400 or more), ` +
        "so the ratio does not count as meeting its budget.",
    );
  }
  return throughputCheck(oursFigures, nginxFigures, runs);
}
