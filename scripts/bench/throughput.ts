/**
 * The landing page's serving throughput beside nginx serving the same bytes (design.md §9): the bench
 * takes `/` from our server once, has nginx serve exactly those bytes with the same headers from disk,
 * and puts the same autocannon load on both, one after the other.
 */
import { request } from "node:http";
import { availableParallelism, cpus, loadavg } from "node:os";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import autocannon from "autocannon";
import { cpuSeconds, processCpuSeconds } from "./cpu.ts";
import { installHint, nginxAvailable, nginxPath, nginxVersion, startNginx } from "./nginx.ts";
import { type Check, formatCheck, type LoadFigures, throughputCheck, throughputNotes, throughputTable } from "./report.ts";

export const load = { connections: 50, durationS: 10, warmupS: 3 };

/** Other processes' CPU use (share of one core) above which the run is said to be disturbed. */
const busyOtherCpu = 0.25;

/** autocannon's default: a request unanswered after this long counts as an error. */
const timeoutS = 10;

/** What a phone's browser sends for a page (Lighthouse's mobile user agent); the same for both servers. */
export const requestHeaders: Record<string, string> = {
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "br",
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

function decodedLength(response: RawResponse): number {
  const encoding = header(response, "content-encoding");
  if (encoding === "br") return brotliDecompressSync(response.body).byteLength;
  if (encoding === "gzip") return gunzipSync(response.body).byteLength;
  return response.body.byteLength;
}

/**
 * autocannon's timer library (retimer) sets negative timeouts when the event loop is late, which Node
 * warns about once per process; it changes nothing in the run, so that one warning is not printed.
 */
function hideTimerWarning() {
  const listeners = process.listeners("warning");
  process.removeAllListeners("warning");
  process.on("warning", (warning) => {
    if (warning.name !== "TimeoutNegativeWarning") for (const listener of listeners) listener(warning);
  });
}

/** A warm-up, then the measured run; CPU time of the server's processes and of this one over the run. */
async function measure(label: string, url: string, serverPids: () => number[]): Promise<LoadFigures> {
  const options = { url, headers: requestHeaders, connections: load.connections, timeout: timeoutS };
  await autocannon({ ...options, duration: load.warmupS });
  const pids = serverPids();
  const serverBefore = cpuSeconds(pids);
  const machineBefore = processCpuSeconds();
  const ownBefore = process.cpuUsage();
  const started = performance.now();
  const result = await autocannon({ ...options, duration: load.durationS, title: label });
  const wallSeconds = (performance.now() - started) / 1000;
  const serverAfter = cpuSeconds(pids);
  const machineAfter = processCpuSeconds();
  const own = process.cpuUsage(ownBefore);
  const serverCpu = serverBefore !== null && serverAfter !== null ? (serverAfter - serverBefore) / wallSeconds : null;
  const loadGeneratorCpu = (own.user + own.system) / 1e6 / wallSeconds;
  const machineCpu = machineBefore !== null && machineAfter !== null ? (machineAfter - machineBefore) / wallSeconds : null;
  return {
    label,
    requestsPerSecond: result.requests.total / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    bytesPerResponse: result.requests.total > 0 ? result.throughput.total / result.requests.total : 0,
    non2xx: result.non2xx,
    errors: result.errors,
    serverCpu,
    loadGeneratorCpu,
    otherCpu: machineCpu !== null && serverCpu !== null ? Math.max(0, machineCpu - serverCpu - loadGeneratorCpu) : null,
  };
}

/**
 * Runs the comparison against our server (already running on `port`) and prints it: `rounds` turns of
 * ours then nginx, the best run of each counting. Returns the ratio's check, or null when nginx is not
 * installed (then it says how to install it).
 */
export async function measureThroughput(port: number, serverPid: number, nginxPort: number, rounds = 1): Promise<Check | null> {
  const ourUrl = `http://127.0.0.1:${port}/`;
  const nginxUrl = `http://127.0.0.1:${nginxPort}/`;
  const cores = availableParallelism();
  console.log(
    `\nLanding page throughput: GET / with ${Object.entries(requestHeaders)
      .filter(([name]) => name !== "user-agent")
      .map(([name, value]) => `${name}: ${value}`)
      .join(", ")}, a phone's user agent; the same headers for both servers.`,
  );
  if (!nginxAvailable()) {
    console.log(`  Skipped: nginx is not installed at ${nginxPath}. Install it with: ${installHint}`);
    return null;
  }

  const ours = await fetchRaw(ourUrl, requestHeaders);
  if (ours.status !== 200) throw new Error(`Our server answered / with ${ours.status}, not 200.`);
  const contentType = header(ours, "content-type") ?? "text/html";
  const version = nginxVersion();
  console.log(
    `  Our server's answer: ${ours.body.byteLength} bytes, Content-Encoding ${header(ours, "content-encoding") ?? "none"} ` +
      `(${decodedLength(ours)} bytes of HTML), Content-Type ${contentType}, ${ours.headers.length} headers.`,
  );
  console.log(`  ${version} serves those bytes from disk with the same headers (its own Date, Server and Last-Modified).`);
  console.log(
    `  ${load.connections} connections, ${load.durationS} s measured after ${load.warmupS} s of warm-up, one server at a time` +
      (rounds > 1 ? `, ${rounds} rounds taking turns (the best of each server counts); ` : "; ") +
      "our server is one Node process writing its request log to a file, nginx runs worker_processes auto with its access log off.",
  );
  console.log(
    `  This machine has ${cores} cores (${cpus()[0]?.model.trim() ?? "unknown CPU"}): autocannon (one thread, in this process) ` +
      "shares them with the server under test, so both figures are lower than with a load generator on its own machine, " +
      "nginx's the most. CPU columns: 100% = one core; µs CPU/req = the server's CPU time per request, which depends less on what else runs; other = every other process.",
  );
  console.log(`  Load average over the last minute before the run: ${loadavg()[0]?.toFixed(2)}.`);

  hideTimerWarning();
  const nginx = await startNginx({ body: ours.body, contentType, headers: ours.headers }, nginxPort);
  const oursRuns: LoadFigures[] = [];
  const nginxRuns: LoadFigures[] = [];
  try {
    const served = await fetchRaw(nginxUrl, requestHeaders);
    const same =
      served.status === 200 &&
      served.body.equals(ours.body) &&
      header(served, "content-type") === contentType &&
      header(served, "content-encoding") === header(ours, "content-encoding");
    if (!same) {
      throw new Error(
        `nginx does not answer with the same bytes: status ${served.status}, ${served.body.byteLength} bytes, ` +
          `Content-Type ${header(served, "content-type")}, Content-Encoding ${header(served, "content-encoding")}.`,
      );
    }
    console.log(
      `  ${version} is up on 127.0.0.1:${nginxPort} with ${nginx.pids().length - 1} workers and answers with the same bytes and headers.`,
    );
    for (let round = 1; round <= rounds; round++) {
      const suffix = rounds > 1 ? ` #${round}` : "";
      oursRuns.push(await measure(`our server${suffix}`, ourUrl, () => [serverPid]));
      nginxRuns.push(await measure(`${version}${suffix}`, nginxUrl, nginx.pids));
    }
  } finally {
    await nginx.stop();
  }

  console.log("");
  for (const line of throughputTable(oursRuns.flatMap((run, index) => [run, nginxRuns[index] ?? run]))) console.log(`  ${line}`);
  console.log("");
  const all = [...oursRuns, ...nginxRuns];
  const best = (runs: LoadFigures[]) => runs.reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));
  const oursFigures = best(oursRuns);
  const nginxFigures = best(nginxRuns);
  if (rounds > 1) console.log(`  Best of ${rounds} rounds for each server: ${oursFigures.label} against ${nginxFigures.label}.`);
  const busiest = Math.max(...all.map((run) => run.otherCpu ?? 0));
  if (busiest > busyOtherCpu) {
    console.log(
      `  Other processes used up to ${Math.round(busiest * 100)}% of a core during the runs, taking CPU from the servers and ` +
        "the load generator: these figures are lower and noisier than on a quiet machine, and the ratio can swing either way.",
    );
  }
  for (const note of throughputNotes(oursFigures, nginxFigures)) console.log(`  ${note}`);
  const failed = all.some((run) => run.non2xx + run.errors > 0);
  const measured = throughputCheck(oursFigures, nginxFigures);
  const check = failed ? { ...measured, pass: false } : measured;
  console.log(`\n  ${formatCheck(check)}`);
  if (failed) {
    console.log(
      `  Some requests failed (non-2xx, or errors: autocannon counts a request unanswered after ${timeoutS} s as one), ` +
        "so the ratio does not count as meeting its budget.",
    );
  }
  return check;
}
