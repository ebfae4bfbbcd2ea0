/**
 * A few SQLite reader processes (sqlite-reader-process.ts) with a time limit per read: the console's reads
 * run there, never on the thread that answers visitors (docs/decisions/0029). A read past the limit kills its
 * process (the statement with it) and fails with ConsoleQueryTimeout.
 *
 * The processes start with the pool, when the server opens its services, and one that dies is replaced at
 * once: starting a process is not left to a console read, whose visitors would wait for it (the fork takes
 * the server's thread for a moment, Node's start a core for longer:
 * docs/decisions/0043-the-console-ready-at-start.md).
 */
import type { SQLInputValue } from "node:sqlite";
import { ConsoleQueryTimeout } from "./console-query-timeout.ts";
import { type ReaderRow, type SqliteReaderProcess, startSqliteReader } from "./sqlite-reader-process.ts";

export interface SqliteReaderPoolOptions {
  file: string;
  /** The longest a read may take, waiting for a free reader included. */
  timeoutMs: number;
  /** How many reads run at once. */
  readers: number;
  /** Tests replace how a reader starts. */
  start?: (file: string) => SqliteReaderProcess;
  /** Keeps a read's limit: calls `reached` after `ms` unless the answer stops it first. Tests keep their own. */
  limit?: ReadLimit;
}

/** Starts a limit of `ms`; the function returned stops it. */
export type ReadLimit = (ms: number, reached: () => void) => () => void;

const timerLimit: ReadLimit = (ms, reached) => {
  const timer = setTimeout(reached, ms);
  return () => clearTimeout(timer);
};

export interface SqliteReaderPool {
  read(sql: string, parameters: SQLInputValue[]): Promise<ReaderRow[]>;
  close(): void;
}

export function createSqliteReaderPool(options: SqliteReaderPoolOptions): SqliteReaderPool {
  const start = () => (options.start ?? startSqliteReader)(options.file);
  const idle: SqliteReaderProcess[] = Array.from({ length: options.readers }, start);
  const waiting: Array<(reader: SqliteReaderProcess) => void> = [];
  let closed = false;

  function acquire(): Promise<SqliteReaderProcess> {
    const reader = idle.pop();
    if (!reader) return new Promise((resolve) => waiting.push(resolve));
    if (reader.alive()) return Promise.resolve(reader);
    // Died while idle (killed from outside): its place is taken now.
    reader.kill();
    return Promise.resolve(start());
  }

  /** A reader back from a read, to the next read waiting or the idle ones; a dead or killed one is replaced. */
  function release(reader: SqliteReaderProcess) {
    if (closed) return reader.kill();
    let next = reader;
    if (!reader.alive()) {
      reader.kill();
      next = start();
    }
    const waiter = waiting.shift();
    if (waiter) waiter(next);
    else idle.push(next);
  }

  return {
    async read(sql, parameters) {
      if (closed) throw new Error("The console's SQLite readers are closed");
      let stopLimit = () => {};
      let timedOut = false;
      const timeout = new Promise<never>((_, reject) => {
        stopLimit = (options.limit ?? timerLimit)(options.timeoutMs, () => {
          timedOut = true;
          reject(new ConsoleQueryTimeout(options.timeoutMs));
        });
      });
      const work = acquire().then(async (reader) => {
        // Given a reader after the limit (it waited in line): hand it on unused.
        if (timedOut) {
          release(reader);
          return [];
        }
        try {
          return await Promise.race([reader.query(sql, parameters), timeout]);
        } catch (error) {
          if (timedOut) reader.kill();
          throw error;
        } finally {
          release(reader);
        }
      });
      work.catch(() => {}); // when the timeout answers first, the read's own failure has no one to tell
      try {
        return await Promise.race([work, timeout]);
      } finally {
        stopLimit();
      }
    },
    close() {
      closed = true;
      for (const reader of idle.splice(0)) reader.kill();
    },
  };
}
