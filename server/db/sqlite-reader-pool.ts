/**
 * A few SQLite reader processes (sqlite-reader-process.ts) with a time limit per read: the console's reads
 * run there, never on the thread that answers visitors (docs/decisions/0029). A read past the limit kills its
 * process (the statement with it) and fails with ConsoleQueryTimeout; a fresh process takes the next read.
 * Processes start on the first read, so a server whose console is not used runs none.
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
}

export interface SqliteReaderPool {
  read(sql: string, parameters: SQLInputValue[]): Promise<ReaderRow[]>;
  close(): void;
}

export function createSqliteReaderPool(options: SqliteReaderPoolOptions): SqliteReaderPool {
  const start = options.start ?? startSqliteReader;
  const idle: SqliteReaderProcess[] = [];
  const waiting: Array<(reader: SqliteReaderProcess) => void> = [];
  let running = 0;
  let closed = false;

  function acquire(): Promise<SqliteReaderProcess> {
    const reader = idle.pop();
    if (reader) return Promise.resolve(reader);
    if (running < options.readers) {
      running++;
      return Promise.resolve(start(options.file));
    }
    return new Promise((resolve) => waiting.push(resolve));
  }

  /** A reader back from a read; a dead or killed one gives its place to a new one, started when needed. */
  function release(reader: SqliteReaderProcess) {
    if (closed || !reader.alive()) {
      reader.kill();
      const next = waiting.shift();
      if (next && !closed) next(start(options.file));
      else running--;
      return;
    }
    const next = waiting.shift();
    if (next) next(reader);
    else idle.push(reader);
  }

  return {
    async read(sql, parameters) {
      if (closed) throw new Error("The console's SQLite readers are closed");
      let timer: NodeJS.Timeout | undefined;
      let timedOut = false;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          timedOut = true;
          reject(new ConsoleQueryTimeout(options.timeoutMs));
        }, options.timeoutMs);
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
        clearTimeout(timer);
      }
    },
    close() {
      closed = true;
      for (const reader of idle.splice(0)) reader.kill();
      running = 0;
    },
  };
}
