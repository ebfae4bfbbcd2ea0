import { describe, expect, it } from "vitest";
import { batchesOf, inBatches, mergeSorted } from "./batches";

async function all<T>(rows: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

describe("reading in batches", () => {
  it("asks for each batch after the last row of the one before, and stops at a short batch", async () => {
    const rows = [1, 2, 3, 4, 5];
    const asked: (number | null)[] = [];
    const fetch = async (after: number | null, size: number) => {
      asked.push(after);
      return rows.filter((row) => after === null || row > after).slice(0, size);
    };
    expect(await all(inBatches(fetch, (row) => row, 2))).toEqual(rows);
    expect(asked).toEqual([null, 2, 4]);
  });

  it("asks once more after a full last batch, and gets nothing", async () => {
    const asked: (number | null)[] = [];
    const fetch = async (after: number | null, size: number) => {
      asked.push(after);
      return [1, 2, 3, 4].filter((row) => after === null || row > after).slice(0, size);
    };
    expect(await all(inBatches(fetch, (row) => row, 2))).toEqual([1, 2, 3, 4]);
    expect(asked).toEqual([null, 2, 4]);
  });

  it("gives whole batches to a reader that wants them, and no empty one at the end", async () => {
    const fetch = async (after: number | null, size: number) => [1, 2, 3, 4].filter((row) => after === null || row > after).slice(0, size);
    expect(await all(batchesOf(fetch, (row) => row, 2))).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it("reads nothing ahead: a batch is asked for only when its rows are wanted", async () => {
    let batches = 0;
    const rows = inBatches(
      async (after: number | null) => {
        batches++;
        return after === null ? [1, 2] : after < 10 ? [after + 1, after + 2] : [];
      },
      (row) => row,
      2,
    );
    await rows.next();
    await rows.next();
    expect(batches).toBe(1);
    await rows.next();
    expect(batches).toBe(2);
  });
});

describe("merging two sorted lists", () => {
  it("keeps the order, the first list first on a tie", async () => {
    async function* list<T>(items: T[]) {
      yield* items;
    }
    const merged = await all(
      mergeSorted(list(["a1", "c1", "c2"]), list([{ at: "b" }, { at: "c" }, { at: "d" }]), {
        first: (row) => row[0]!,
        second: (row) => row.at,
      }),
    );
    expect(merged.map((line) => (line.from === "first" ? line.row : line.row.at))).toEqual(["a1", "b", "c1", "c2", "c", "d"]);
    expect(await all(mergeSorted(list<string>([]), list(["x"]), { first: (row) => row, second: (row) => row }))).toEqual([
      { from: "second", row: "x" },
    ]);
  });
});
