/**
 * The real site, `node server/index.ts` on the last build, as a child process the suite can start, kill
 * with any signal and start again. Its output goes to a log file. An exit the suite did not cause is a
 * crash, and is remembered.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { createServer } from "node:net";

export interface SiteServer {
  readonly port: number;
  readonly url: string;
  /** Starts the server (with `extraEnv` on top of the base environment) and waits until /healthz answers. */
  start(extraEnv?: Record<string, string>): Promise<void>;
  /** Sends the signal and waits for the process to end; resolves with its exit code (null when killed). */
  stop(signal: "SIGKILL" | "SIGTERM"): Promise<number | null>;
  /** Exits nobody asked for: crashes. */
  crashes(): string[];
  /** The running process's id (jobs it claims carry it), or undefined when it is not running. */
  pid(): number | undefined;
}

const startTimeoutMs = 30_000;

/** The servers' ACCESS_ENCRYPTION_KEY: a test key, known here so a phase can seal and open access details. */
export const reliabilityAccessKey = "5eed".repeat(16);

/** Variables the caller's shell may carry that would point the server somewhere else than the suite wants. */
const inheritedSettings = ["DATABASE_URL", "SQLITE_FILE", "SMTP_URL", "MAIL_OUTBOX_DIR", "GEOLOCATION_URL", "PORT", "HOST"];

export function siteServer({ port, env, logFile }: { port: number; env: Record<string, string>; logFile: string }): SiteServer {
  const url = `http://127.0.0.1:${port}`;
  const log = createWriteStream(logFile, { flags: "a" });
  const crashes: string[] = [];
  let child: ChildProcess | undefined;

  async function start(extraEnv: Record<string, string> = {}) {
    if (child) throw new Error("The server is already running");
    const base = { ...process.env };
    for (const name of inheritedSettings) delete base[name];
    const started = spawn(process.execPath, ["server/index.ts"], {
      env: {
        ACCESS_ENCRYPTION_KEY: reliabilityAccessKey,
        // The built-in test gateway, which production takes only when asked for twice.
        PAYMENT_GATEWAY: "test",
        ALLOW_TEST_PAYMENTS: "true",
        ...base,
        ...env,
        ...extraEnv,
        PORT: String(port),
        HOST: "127.0.0.1",
        NODE_ENV: "production",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    started.stdout.pipe(log, { end: false });
    started.stderr.pipe(log, { end: false });
    started.once("exit", (code, signal) => {
      if (child === started) {
        child = undefined;
        crashes.push(`the server exited by itself (${signal ?? `code ${code}`}); see ${logFile}`);
      }
    });
    child = started;
    await waitUntilHealthy(started);
  }

  async function waitUntilHealthy(started: ChildProcess) {
    const deadline = Date.now() + startTimeoutMs;
    while (Date.now() < deadline) {
      if (started.exitCode !== null || started.signalCode !== null) throw new Error(`The server did not start; see ${logFile}`);
      const healthy = await fetch(`${url}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`The server did not answer /healthz within ${startTimeoutMs / 1000} s; see ${logFile}`);
  }

  async function stop(signal: "SIGKILL" | "SIGTERM") {
    const running = child;
    if (!running) return null;
    // Cleared first, so the exit that follows is not taken for a crash.
    child = undefined;
    const exited = once(running, "exit");
    running.kill(signal);
    const [code] = (await exited) as [number | null];
    return code;
  }

  return { port, url, start, stop, crashes: () => [...crashes], pid: () => child?.pid };
}

/** The first `count` ports from `from` on that nothing listens on (the suite keeps to 3300-3399). */
export async function freePorts(count: number, from = 3300, to = 3399): Promise<number[]> {
  const ports: number[] = [];
  for (let port = from; port <= to && ports.length < count; port++) {
    if (await isFree(port)) ports.push(port);
  }
  if (ports.length < count) throw new Error(`Fewer than ${count} free ports between ${from} and ${to}`);
  return ports;
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}
