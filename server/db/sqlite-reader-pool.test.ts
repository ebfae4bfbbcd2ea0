import { describe, expect, it } from "vitest";
import { ConsoleQueryTimeout } from "./console-query-timeout.ts";
import { createSqliteReaderPool } from "./sqlite-reader-pool.ts";
import type { ReaderRow, SqliteReaderProcess } from "./sqlite-reader-process.ts";

/** A reader whose reads answer when the test says, and that records being killed. */
function fakeReader() {
  const answers: Array<(rows: ReaderRow[]) => void> = [];
  let alive = true;
  const reader: SqliteReaderProcess & { answer(rows: ReaderRow[]): void; killed(): boolean } = {
    query: () => new Promise((resolve) => answers.push(resolve)),
    kill: () => {
      alive = false;
    },
    alive: () => alive,
    answer: (rows) => answers.shift()?.(rows),
    killed: () => !alive,
  };
  return reader;
}

function poolOf(readers: number, timeoutMs: number) {
  const started: ReturnType<typeof fakeReader>[] = [];
  const pool = createSqliteReaderPool({
    file: "unused.db",
    timeoutMs,
    readers,
    start: () => {
      const reader = fakeReader();
      started.push(reader);
      return reader;
    },
  });
  return { pool, started };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the SQLite readers' pool", () => {
  it("starts its readers when it opens, so that no read waits for a process to start, and reuses them", async () => {
    const { pool, started } = poolOf(2, 1000);
    expect(started).toHaveLength(2);
    const first = pool.read("select 1", []);
    await tick();
    started[1]?.answer([{ n: 1 }]);
    await expect(first).resolves.toEqual([{ n: 1 }]);
    const second = pool.read("select 2", []);
    await tick();
    started[1]?.answer([{ n: 2 }]);
    await expect(second).resolves.toEqual([{ n: 2 }]);
    expect(started).toHaveLength(2);
    pool.close();
  });

  it("runs at most its number of reads at once; the next waits for a free reader", async () => {
    const { pool, started } = poolOf(1, 1000);
    const first = pool.read("select 1", []);
    const second = pool.read("select 2", []);
    await tick();
    expect(started).toHaveLength(1);
    started[0]?.answer([{ n: 1 }]);
    await expect(first).resolves.toEqual([{ n: 1 }]);
    await tick();
    started[0]?.answer([{ n: 2 }]);
    await expect(second).resolves.toEqual([{ n: 2 }]);
    pool.close();
  });

  it("kills a reader past the limit, fails with ConsoleQueryTimeout, and starts another at once for the next read", async () => {
    const { pool, started } = poolOf(1, 30);
    await expect(pool.read("select forever", [])).rejects.toBeInstanceOf(ConsoleQueryTimeout);
    expect(started[0]?.killed()).toBe(true);
    expect(started).toHaveLength(2);
    const next = pool.read("select 1", []);
    await tick();
    expect(started).toHaveLength(2);
    started[1]?.answer([{ n: 1 }]);
    await expect(next).resolves.toEqual([{ n: 1 }]);
    pool.close();
  });

  it("counts the wait for a free reader in the limit", async () => {
    const { pool, started } = poolOf(1, 40);
    const busy = pool.read("select slow", []);
    busy.catch(() => {});
    await expect(pool.read("select 1", [])).rejects.toBeInstanceOf(ConsoleQueryTimeout);
    await expect(busy).rejects.toBeInstanceOf(ConsoleQueryTimeout);
    expect(started[0]?.killed()).toBe(true);
    pool.close();
  });

  it("replaces a reader that died while idle", async () => {
    const { pool, started } = poolOf(1, 1000);
    started[0]?.kill();
    const read = pool.read("select 1", []);
    await tick();
    expect(started).toHaveLength(2);
    started[1]?.answer([{ n: 1 }]);
    await expect(read).resolves.toEqual([{ n: 1 }]);
    pool.close();
  });

  it("kills its readers when closed, and refuses reads after", async () => {
    const { pool, started } = poolOf(2, 1000);
    const read = pool.read("select 1", []);
    await tick();
    started[1]?.answer([]);
    await read;
    pool.close();
    expect(started.every((reader) => reader.killed())).toBe(true);
    await expect(pool.read("select 1", [])).rejects.toThrow(/closed/);
  });
});
