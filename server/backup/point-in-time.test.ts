/**
 * The point-in-time recovery docs/deploying.md sets up, run once on a PostgreSQL cluster of its own (initdb in a
 * temporary folder, on a free port, its WAL archived by pgBackRest): a full backup, a few writes, a restore into a
 * new data directory to a moment before the last write, then the rows compared. Debian's `pgbackrest` package
 * and PostgreSQL 15's server binaries are needed; CI installs both (.ci/run).
 */
import { execFileSync } from "node:child_process";
import { appendFileSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const bin = "/usr/lib/postgresql/15/bin";
const available = existsSync(`${bin}/initdb`) && existsSync("/usr/bin/pgbackrest");
const asRoot = userInfo().uid === 0;
const postgresUser = asRoot ? Number(execFileSync("id", ["-u", "postgres"]).toString()) : undefined;

/** Runs a command as the cluster's owner: `postgres` when the tests run as root (PostgreSQL refuses root). */
function run(command: string, args: string[]): string {
  const [file, rest] = asRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
  return execFileSync(file, rest, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 60_000 });
}

describe.skipIf(!available)("point-in-time recovery with pgBackRest", () => {
  const folder = mkdtempSync(join(tmpdir(), "pitr-"));
  const paths = {
    data: join(folder, "data"),
    restored: join(folder, "restored"),
    repo: join(folder, "repo"),
    socket: join(folder, "socket"),
    config: join(folder, "pgbackrest.conf"),
  };
  const port = 15_400 + Math.floor(Math.random() * 500);
  const started: string[] = [];
  if (postgresUser !== undefined) chownSync(folder, postgresUser, 0);

  const backrest = (...args: string[]) => run("pgbackrest", [`--config=${paths.config}`, "--stanza=shop", ...args]);
  const sql = (at: number, statement: string) =>
    run("/usr/bin/psql", ["-h", paths.socket, "-p", String(at), "-d", "postgres", "-tAXc", statement]).trim();
  const start = (data: string) => {
    started.push(data);
    try {
      run(`${bin}/pg_ctl`, ["-D", data, "-l", join(data, "server.log"), "-w", "-t", "60", "start"]);
    } catch (error) {
      // pg_ctl says only "examine the log": the log is the message.
      throw new Error(`PostgreSQL did not start on ${data}:\n${readFileSync(join(data, "server.log"), "utf8").slice(-3000)}`, {
        cause: error,
      });
    }
  };

  afterAll(() => {
    for (const data of started) {
      try {
        run(`${bin}/pg_ctl`, ["-D", data, "-m", "immediate", "-w", "stop"]);
      } catch {}
    }
    rmSync(folder, { recursive: true, force: true });
  });

  it("restores to a moment before the last write, with the rows of that moment", () => {
    for (const path of [paths.repo, paths.socket, paths.restored, join(folder, "log"), join(folder, "lock")]) {
      mkdirSync(path, { mode: 0o700 });
      if (postgresUser !== undefined) chownSync(path, postgresUser, 0);
    }
    writeFileSync(
      paths.config,
      [
        "[global]",
        `repo1-path=${paths.repo}`,
        "repo1-retention-full=1",
        `log-path=${join(folder, "log")}`,
        `lock-path=${join(folder, "lock")}`,
        "start-fast=y",
        "archive-async=n",
        "[shop]",
        `pg1-path=${paths.data}`,
        `pg1-port=${port}`,
        `pg1-socket-path=${paths.socket}`,
        "",
      ].join("\n"),
      { mode: 0o644 },
    );
    run(`${bin}/initdb`, ["-D", paths.data, "--auth=trust", "--no-sync", "-U", "postgres"]);
    appendFileSync(
      join(paths.data, "postgresql.conf"),
      [
        `port = ${port}`,
        "listen_addresses = ''",
        `unix_socket_directories = '${paths.socket}'`,
        "wal_level = replica",
        "archive_mode = on",
        `archive_command = 'pgbackrest --config=${paths.config} --stanza=shop archive-push %p'`,
        "fsync = off",
        "",
      ].join("\n"),
    );
    start(paths.data);
    backrest("stanza-create");
    backrest("check");
    backrest("--type=full", "backup");
    // pgBackRest records a backup's stop to the second: the writes start in the next one.
    execFileSync("sleep", ["1.5"]);

    sql(port, "create table orders (id integer primary key, reference text not null)");
    sql(port, "insert into orders values (1, 'NS-1'), (2, 'NS-2'), (3, 'NS-3')");
    const before = sql(port, "select to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00'");
    // The last write, a moment after the target: the restore must stop short of it.
    execFileSync("sleep", ["1"]);
    sql(port, "insert into orders values (4, 'NS-4')");
    sql(port, "select pg_switch_wal()");
    backrest("check");

    backrest(
      `--pg1-path=${paths.restored}`,
      "--type=time",
      `--target=${before}`,
      "--target-action=promote",
      // The restored cluster fetches WAL as itself: pgBackRest checks it runs in the data directory it names.
      `--recovery-option=restore_command=pgbackrest --config=${paths.config} --stanza=shop --pg1-path=${paths.restored} archive-get %f "%p"`,
      "restore",
    );
    // The restored cluster on a port of its own, archiving nothing into the repository it came from.
    appendFileSync(join(paths.restored, "postgresql.conf"), `port = ${port + 1}\narchive_mode = off\n`);
    start(paths.restored);
    // pg_ctl returns once the restored cluster takes read-only connections, while it may still be replaying WAL
    // towards the target: the rows are those of the moment only once it has promoted itself.
    while (sql(port + 1, "select pg_is_in_recovery()") === "t") execFileSync("sleep", ["0.2"]);
    expect(sql(port + 1, "select string_agg(reference, ',' order by id) from orders")).toBe("NS-1,NS-2,NS-3");
    expect(sql(port, "select string_agg(reference, ',' order by id) from orders")).toBe("NS-1,NS-2,NS-3,NS-4");
    // initdb, a full backup, a restore and two starts of PostgreSQL: 13 s on a quiet machine, twice that with a core busy.
  }, 90_000);
});
