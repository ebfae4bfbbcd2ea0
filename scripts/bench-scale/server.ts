/**
 * The built production server on the seeded database, as a child process of the bench (one process: its
 * RSS is the server's), and a page-timing client signed in to its console.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync } from "node:fs";
import { dirname } from "node:path";
import { serverNodeFlags } from "../support/server-flags.ts";
import { benchAccessKey } from "./seed-command.ts";

export interface BenchServer {
  port: number;
  base: string;
  pid: number;
  stop(): Promise<void>;
}

/** Variables of the caller's shell that would point the server somewhere else. */
const inherited = ["DATABASE_URL", "SQLITE_FILE", "SMTP_URL", "MAIL_OUTBOX_DIR", "GEOLOCATION_URL", "PORT", "HOST", "WEB_CONCURRENCY"];

/** What the bench's processes (its servers, and the commands it runs beside them) are started with. */
export function benchEnvironment(env: Record<string, string>): NodeJS.ProcessEnv {
  const base = { ...process.env };
  for (const name of inherited) delete base[name];
  return {
    PAYMENT_GATEWAY: "test",
    ALLOW_TEST_PAYMENTS: "true",
    ...base,
    // The key the seed sealed access details with.
    ACCESS_ENCRYPTION_KEY: benchAccessKey,
    GEOLOCATION_URL: "",
    WEB_CONCURRENCY: "1",
    LOG_LEVEL: "warn",
    ...env,
    NODE_ENV: "production",
  };
}

export async function startBenchServer(port: number, env: Record<string, string>, logFile: string): Promise<BenchServer> {
  // Another server on the port would answer the health check below, and be timed instead of this one.
  const taken = await fetch(`http://127.0.0.1:${port}/healthz`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`Port ${port} is already in use by another server: stop it, or give the bench another --port.`);
  mkdirSync(dirname(logFile), { recursive: true });
  const log = openSync(logFile, "a");
  const child: ChildProcess = spawn(process.execPath, [...serverNodeFlags, "server/index.ts"], {
    env: { ...benchEnvironment(env), PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", log, log],
  });
  closeSync(log);
  const running = () => child.exitCode === null && child.signalCode === null;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (running()) child.kill("SIGKILL");
    await exited;
  };
  process.once("exit", () => running() && child.kill("SIGKILL"));
  for (let attempt = 0; attempt < 600 && running(); attempt++) {
    const healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { port, base: `http://127.0.0.1:${port}`, pid: child.pid as number, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`The server did not start (its log: ${logFile}). Did you run \`npm run build\`? Is port ${port} free?`);
}

/** The server's resident memory (VmRSS) in MB, from /proc; null when it cannot be read. */
export async function residentMb(pid: number): Promise<number | null> {
  const { readFile } = await import("node:fs/promises");
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  const kb = status.match(/^VmRSS:\s+(\d+)\s+kB/m)?.[1];
  return kb ? Number(kb) / 1024 : null;
}
