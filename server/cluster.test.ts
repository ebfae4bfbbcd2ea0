import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { request } from "node:http";
import { createServer } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { processAlive } from "../tests/support/process-alive.ts";
import { restartDelay } from "./cluster.ts";

describe("the wait before a worker is started again", () => {
  it("doubles with each quick death, up to the most", () => {
    const delays = [1, 2, 3, 4, 5, 6, 7].map((deaths) => restartDelay(deaths, { first: 1000, max: 30_000 }));
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
  });
});

/** One GET on a new connection (so the primary hands it to the next worker), answered with a worker's pid. */
function get(port: number, path = "/"): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: "127.0.0.1", port, path, agent: false }, (response) => {
      let body = "";
      response.on("data", (chunk) => {
        body += chunk;
      });
      response.on("end", () => resolve(Number(body)));
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

interface Primary {
  child: ChildProcess;
  port: number;
  /** The primary's log lines so far, parsed. */
  lines(): { msg: string; [field: string]: unknown }[];
  exited: Promise<[number | null, NodeJS.Signals | null]>;
}

const started: ChildProcess[] = [];

async function startPrimary(env: Record<string, string>): Promise<Primary> {
  const port = await freePort();
  const child = spawn(process.execPath, ["tests/support/cluster-app.ts"], {
    env: { ...process.env, FIXTURE_PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  started.push(child);
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = once(child, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
  const lines = () =>
    output
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  return { child, port, lines, exited };
}

/**
 * What `probe` finds once it finds something: processes start and write their lines in their own time, later
 * on a busy machine, so the only limit is the test's timeout.
 */
async function until<T>(probe: () => Promise<T | undefined> | T | undefined): Promise<T> {
  for (;;) {
    const value = await Promise.resolve(probe()).catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Distinct pids seen over `count` requests on fresh connections. */
async function pidsAnswering(port: number, count = 20): Promise<Set<number>> {
  const pids = new Set<number>();
  for (let n = 0; n < count; n++) pids.add(await get(port));
  return pids;
}

afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

describe("a cluster of server processes", { timeout: 30_000 }, () => {
  it("answers from every worker on one port, restarts one that dies, and stops them all on SIGTERM after their requests", async () => {
    const primary = await startPrimary({ FIXTURE_WORKERS: "2" });
    const pids = await until(async () => {
      const seen = await pidsAnswering(primary.port);
      return seen.size === 2 ? seen : undefined;
    });
    expect(pids.has(primary.child.pid ?? 0)).toBe(false);

    // A worker killed from outside is replaced after the first wait, and the port keeps answering meanwhile.
    const [victim] = [...pids] as [number];
    process.kill(victim, "SIGKILL");
    const restarted = await until(() => primary.lines().find((line) => line.msg.startsWith("A worker stopped unexpectedly")));
    expect(restarted).toMatchObject({ pid: victim, how: "SIGKILL", deaths: 1, restartInMs: 300 });
    expect(await get(primary.port)).not.toBe(victim);
    const after = await until(async () => {
      const seen = await pidsAnswering(primary.port);
      return seen.size === 2 ? seen : undefined;
    });
    expect(after.has(victim)).toBe(false);

    // SIGTERM with a slow request in flight: it is answered, then every process exits, the primary with 0.
    const slow = get(primary.port, "/slow");
    await until(() => primary.lines().find((line) => line.msg === "A slow request began"));
    primary.child.kill("SIGTERM");
    expect(await slow).toBeGreaterThan(0);
    expect(await primary.exited).toEqual([0, null]);
    for (const pid of after) expect(processAlive(pid)).toBe(false);
  });

  it("backs off a worker that keeps dying soon after starting", async () => {
    const primary = await startPrimary({ FIXTURE_WORKERS: "1" });
    for (const deaths of [1, 2, 3]) {
      const pid = await until(() => get(primary.port));
      process.kill(pid, "SIGKILL");
      await until(() => primary.lines().find((line) => line.msg.startsWith("A worker stopped") && line.deaths === deaths));
    }
    const delays = primary.lines().flatMap((line) => (line.msg.startsWith("A worker stopped") ? [line.restartInMs] : []));
    expect(delays).toEqual([300, 600, 1200]);
  });

  it("stops, exiting 1, when its workers cannot start at all", async () => {
    const primary = await startPrimary({ FIXTURE_WORKERS: "2", FIXTURE_FAIL_START: "1" });
    expect(await primary.exited).toEqual([1, null]);
    expect(primary.lines().some((line) => line.msg.startsWith("A worker could not start"))).toBe(true);
  });
});
