/** The process the bench measures against: the built production server. */
import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync } from "node:fs";
import { createServer as createTcpServer } from "node:net";
import { dirname } from "node:path";

export interface RunningServer {
  process: ChildProcess;
  /** Stops the server (SIGTERM lets it finish what is in flight) and waits until it has exited. */
  stop(): Promise<void>;
}

/**
 * The last build (`npm run build`), served by server/index.ts exactly as `npm run serve` does, with the
 * default language detection: the page asks the server itself for the visitor's country (GEOLOCATION_URL is
 * cleared, whatever the shell says). Its request log (one line per request on stdout) goes to a file, as in
 * production: a pipe nobody reads would fill up and stall the server, and the console would drown in it.
 */
export async function startServer(port: number, logFile: string, cwd: string = process.cwd()): Promise<RunningServer> {
  mkdirSync(dirname(logFile), { recursive: true });
  const log = openSync(logFile, "w");
  const child = spawn(process.execPath, ["server/index.ts"], {
    cwd,
    env: {
      // Production refuses to start without one; the bench delivers no access, so any key will do.
      ACCESS_ENCRYPTION_KEY: "be9c".repeat(16),
      // The built-in test gateway (production takes it only when asked for twice): the bench pays for nothing.
      PAYMENT_GATEWAY: "test",
      ALLOW_TEST_PAYMENTS: "true",
      ...process.env,
      PORT: String(port),
      // Empty counts as unset (server/config.ts).
      GEOLOCATION_URL: "",
    },
    stdio: ["ignore", log, "inherit"],
  });
  closeSync(log);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  const stop = async () => {
    if (running()) child.kill("SIGTERM");
    // It finishes what is in flight first; should that take longer than its own grace period, stop it.
    const forced = setTimeout(() => running() && child.kill("SIGKILL"), 20_000);
    await exited;
    clearTimeout(forced);
  };
  // Should the bench fail halfway, the server must not outlive it.
  process.once("exit", () => running() && child.kill());
  for (let attempt = 0; attempt < 150 && running(); attempt++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return { process: child, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`The server did not start (its log: ${logFile}). Did you run \`npm run build\`? Is port ${port} free?`);
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createTcpServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/** The first port in [from, to] nothing listens on (the bench keeps to 3200-3299). */
export async function freePort(from: number, to: number, taken: number[] = []): Promise<number> {
  for (let port = from; port <= to; port++) {
    if (!taken.includes(port) && (await portIsFree(port))) return port;
  }
  throw new Error(`No free port between ${from} and ${to}.`);
}
