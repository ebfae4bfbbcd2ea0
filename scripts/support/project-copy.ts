/**
 * A copy of the project in a temporary folder, to change and build without touching the real one; then its
 * server, started as production starts it (`node server/index.ts` on the build), on a port of its own.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const project = new URL("../..", import.meta.url).pathname;
/** What building and serving reads: the app, its content, the server, the build's scripts and configuration. */
const parts = [
  "app",
  "common",
  "content",
  "server",
  "scripts",
  "package.json",
  "tsconfig.json",
  "vite.config.ts",
  "react-router.config.ts",
];

export function copyProject(): string {
  const root = mkdtempSync(join(tmpdir(), "fourth-language-"));
  for (const part of parts) {
    cpSync(join(project, part), join(root, part), { recursive: true, filter: (source) => !/\.test\.tsx?$/.test(source) });
  }
  symlinkSync(join(project, "node_modules"), join(root, "node_modules"));
  return root;
}

export function removeCopy(root: string): void {
  rmSync(root, { recursive: true, force: true });
}

/** `react-router build`, which is what `npm run build` does beyond drawing images. */
export function buildCopy(root: string): void {
  const cli = join(root, "node_modules/@react-router/dev/bin.cjs");
  const result = spawnSync(process.execPath, [cli, "build"], { cwd: root, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`The copy did not build:\n${result.stdout}\n${result.stderr}`);
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface CopyServer {
  url: string;
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** The copy's server on its own database and mail folder, with the built-in test gateway. */
export async function serveCopy(root: string): Promise<CopyServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    SQLITE_FILE: join(root, "data/site.db"),
    MAIL_OUTBOX_DIR: join(root, "data/outbox"),
    ACCESS_ENCRYPTION_KEY: "5eed".repeat(16),
    PAYMENT_GATEWAY: "test",
    ALLOW_TEST_PAYMENTS: "true",
  };
  const child: ChildProcess = spawn(process.execPath, ["server/index.ts"], { cwd: root, env, stdio: ["ignore", "ignore", "pipe"] });
  let errors = "";
  child.stderr?.on("data", (chunk) => {
    errors += chunk;
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The copy's server stopped:\n${errors}`);
    if (
      await fetch(`${url}/readyz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`The copy's server did not get ready:\n${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    env,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
