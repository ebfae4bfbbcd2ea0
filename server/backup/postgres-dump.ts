/**
 * PostgreSQL's own tools make and read the copy: `pg_dump` in its custom format (compressed, consistent in one
 * snapshot, restorable table by table) and `pg_restore`. The password goes to them in the environment, never on
 * the command line, where any user of the machine could read it.
 */
import { spawn } from "node:child_process";

export interface PostgresTarget {
  /** postgres://user:password@host:port/database */
  url: string;
  /** The schema the shop's tables are in. */
  schema: string;
}

/** The URL without its password, and the environment that carries it. */
export function connectionFor(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { dbname: parsed.toString(), env: { ...process.env, PGPASSWORD: password } };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    const output: Buffer[] = [];
    const errors: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => errors.push(chunk));
    child.on("error", (error) =>
      reject(new Error(`${command} could not be started (${error.message}): install PostgreSQL's client tools`)),
    );
    child.on("close", (code) => {
      if (code === 0) resolve(Buffer.concat(output).toString("utf8"));
      else reject(new Error(`${command} failed (exit ${code}): ${Buffer.concat(errors).toString("utf8").trim().slice(0, 500)}`));
    });
  });
}

/** The shop's schema, dumped to `file` in pg_dump's custom format, then listed by pg_restore to prove it reads. */
export async function dumpPostgres(target: PostgresTarget, file: string): Promise<void> {
  const { dbname, env } = connectionFor(target.url);
  await run(
    "pg_dump",
    ["--format=custom", "--no-owner", "--no-privileges", `--schema=${target.schema}`, `--file=${file}`, `--dbname=${dbname}`],
    env,
  );
  await run("pg_restore", ["--list", file], env);
}

/**
 * Loads a dump into a database, in one transaction: a failure leaves the database as it was. With `replace`,
 * the schema's objects are dropped first (pg_restore's --clean).
 */
export async function restorePostgres(target: PostgresTarget, file: string, options: { replace: boolean }): Promise<void> {
  const { dbname, env } = connectionFor(target.url);
  const clean = options.replace ? ["--clean", "--if-exists"] : [];
  await run(
    "pg_restore",
    ["--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error", ...clean, `--dbname=${dbname}`, file],
    env,
  );
}
