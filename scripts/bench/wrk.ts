/**
 * wrk, the HTTP load generator (Debian's package), run as a child process pinned to one core. A small Lua
 * script prints its summary as one JSON line at the end, so nothing depends on the layout of wrk's own
 * human-readable report.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";

export const wrkPath = process.env.WRK_PATH ?? "wrk";

export const wrkInstallHint = "apt-get update && apt-get install -y wrk (or WRK_PATH=/path/to/wrk)";

/** Whether wrk runs at all (`wrk -v` exits 1 after printing its version, so only a failed start counts). */
export function wrkAvailable(): boolean {
  return spawnSync(wrkPath, ["-v"], { stdio: "ignore" }).error === undefined;
}

const marker = "WRK_JSON ";

/**
 * Only `done` is defined: a script with no `request` or `response` function leaves wrk on its fast path
 * (the request is built once). Numbers go through %.0f, which holds byte counts past 2^31.
 */
export const reportScript = `done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '\\n${marker}{"durationUs":%.0f,"requests":%.0f,"bytes":%.0f,' ..
    '"errors":{"connect":%.0f,"read":%.0f,"write":%.0f,"status":%.0f,"timeout":%.0f},' ..
    '"latencyUs":{"mean":%.1f,"p50":%.0f,"p90":%.0f,"p99":%.0f,"max":%.0f}}\\n',
    summary.duration, summary.requests, summary.bytes,
    e.connect, e.read, e.write, e.status, e.timeout,
    latency.mean, latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max))
end
`;

const count = z.number().nonnegative();
const summarySchema = z.object({
  durationUs: z.number().positive(),
  requests: count,
  bytes: count,
  errors: z.object({ connect: count, read: count, write: count, status: count, timeout: count }),
  latencyUs: z.object({ mean: count, p50: count, p90: count, p99: count, max: count }),
});

export interface WrkResult {
  requestsPerSecond: number;
  requests: number;
  bytesPerResponse: number;
  /** Connect, read and write errors, timeouts, and answers with a status of 400 or more (wrk's "status" errors). */
  failed: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
}

/** wrk's output → the figures, from the script's JSON line; throws, quoting the output, when there is none. */
export function parseWrkOutput(output: string): WrkResult {
  const line = output.split("\n").find((text) => text.startsWith(marker));
  if (!line) throw new Error(`wrk printed no summary:\n${output.trim()}`);
  const summary = summarySchema.parse(JSON.parse(line.slice(marker.length)));
  const { errors, latencyUs } = summary;
  const ms = (us: number) => us / 1000;
  return {
    requestsPerSecond: summary.requests / (summary.durationUs / 1e6),
    requests: summary.requests,
    bytesPerResponse: summary.requests > 0 ? summary.bytes / summary.requests : 0,
    failed: errors.connect + errors.read + errors.write + errors.status + errors.timeout,
    latencyMs: { p50: ms(latencyUs.p50), p90: ms(latencyUs.p90), p99: ms(latencyUs.p99), max: ms(latencyUs.max) },
  };
}

export interface WrkOptions {
  url: string;
  headers: Record<string, string>;
  connections: number;
  durationS: number;
  /** A request unanswered after this long counts as an error. */
  timeoutS: number;
  /** The core wrk runs on (one thread there). */
  cpu: number;
}

/** The command line: taskset pins wrk to its core, one thread, keep-alive (wrk's default, HTTP/1.1). */
export function wrkCommand(options: WrkOptions, scriptFile: string): string[] {
  return [
    "taskset",
    "--cpu-list",
    String(options.cpu),
    wrkPath,
    "--threads",
    "1",
    "--connections",
    String(options.connections),
    "--duration",
    `${options.durationS}s`,
    "--timeout",
    `${options.timeoutS}s`,
    "--script",
    scriptFile,
    ...Object.entries(options.headers).flatMap(([name, value]) => ["--header", `${name}: ${value}`]),
    options.url,
  ];
}

/** One run of wrk; resolves with its figures once it has exited. */
export async function runWrk(options: WrkOptions): Promise<WrkResult> {
  const directory = mkdtempSync(join(tmpdir(), "bench-wrk-"));
  const scriptFile = join(directory, "report.lua");
  writeFileSync(scriptFile, reportScript);
  try {
    const [command = "taskset", ...args] = wrkCommand(options, scriptFile);
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once("error", reject);
      child.once("close", resolve);
    });
    if (code !== 0) throw new Error(`wrk exited with ${code}:\n${output.trim()}`);
    return parseWrkOutput(output);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
