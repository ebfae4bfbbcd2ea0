/**
 * One reader of the SQLite file in a process of its own, for the console (docs/decisions/0029).
 *
 * A process rather than a worker thread: `node:sqlite` has no way to interrupt a statement, and a worker's
 * `terminate()` only takes effect once the statement returns to JavaScript (measured: 5.6 s for a 6 s query),
 * so a runaway console query would keep a core busy for as long as it runs. A process can be killed at once.
 *
 * Its program is a string run with `node -e`: the same code whether the server runs from source, from the
 * bundled build, or under the tests, with no file to find. It opens the file read-only (WAL: it sees every
 * committed write) and answers `{ id, sql, parameters }` messages with rows.
 */
import { type ChildProcess, spawn } from "node:child_process";
import type { SQLInputValue } from "node:sqlite";

const PROGRAM = `
const { DatabaseSync } = require("node:sqlite");
const db = new DatabaseSync(process.env.CONSOLE_READER_FILE, { readOnly: true, timeout: 5000 });
db.exec("PRAGMA query_only = ON");
// The same lower() as every connection of the shop (sqlite-dialect.ts, lowerEveryLetter).
db.function("lower", { deterministic: true }, (text) => (typeof text === "string" ? text.toLowerCase() : text));
// A server gone while a statement ran: the answer has no one to go to (a callback keeps that from throwing).
const send = (answer) => process.connected && process.send(answer, () => {});
process.on("message", ({ id, sql, parameters }) => {
  try {
    const statement = db.prepare(sql);
    const rows = statement.columns().length > 0 ? statement.all(...parameters) : (statement.run(...parameters), []);
    send({ id, rows });
  } catch (error) {
    send({ id, error: String((error && error.message) || error), code: error && error.code });
  }
});
process.on("disconnect", () => process.exit(0));
`;

export type ReaderRow = Record<string, unknown>;

export interface SqliteReaderProcess {
  /** The rows of one statement, read in the reader's process. */
  query(sql: string, parameters: SQLInputValue[]): Promise<ReaderRow[]>;
  /** Stops the process at once, a statement in it included. */
  kill(): void;
  /** Whether the process is still there to take a statement. */
  alive(): boolean;
}

interface Answer {
  id: number;
  rows?: ReaderRow[];
  error?: string;
  code?: string;
}

export function startSqliteReader(file: string): SqliteReaderProcess {
  const child: ChildProcess = spawn(process.execPath, ["--disable-warning=ExperimentalWarning", "-e", PROGRAM], {
    env: { ...process.env, CONSOLE_READER_FILE: file },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    // Structured clone: rows keep their bigints and bytes.
    serialization: "advanced",
  });
  // A reader never keeps the server (or a test, or a script) from exiting; a pending read's own timer does.
  child.unref();
  child.channel?.unref();
  const pending = new Map<number, { resolve: (rows: ReaderRow[]) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let exited = false;
  child.on("message", (answer: Answer) => {
    const waiting = pending.get(answer.id);
    pending.delete(answer.id);
    if (!waiting) return;
    if (answer.error === undefined) waiting.resolve(answer.rows ?? []);
    else waiting.reject(Object.assign(new Error(answer.error), { code: answer.code }));
  });
  child.on("exit", () => {
    exited = true;
    for (const waiting of pending.values()) waiting.reject(new Error("The console's SQLite reader stopped"));
    pending.clear();
  });
  child.on("error", () => {}); // a failed spawn also exits, which rejects what waits
  return {
    query(sql, parameters) {
      if (exited) return Promise.reject(new Error("The console's SQLite reader stopped"));
      const id = nextId++;
      return new Promise<ReaderRow[]>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        child.send({ id, sql, parameters });
      });
    },
    kill() {
      // Dead from now on, for the pool too, though the process's exit is only heard a moment later.
      if (!exited) child.kill("SIGKILL");
      exited = true;
    },
    alive: () => !exited,
  };
}
