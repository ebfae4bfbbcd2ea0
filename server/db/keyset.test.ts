import type { Generated, Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testTargets } from "../../tests/support/databases.ts";
import { countUpTo, type KeysetPage, type ListOrder, type PagePosition, readPage } from "./keyset.ts";
import { idColumn } from "./migrations/portable.ts";

interface Item {
  id: number;
  day: string;
  label: string;
}
type ItemsDatabase = { items: Omit<Item, "id"> & { id: Generated<number> } };

const PAGE_SIZE = 5;
/** 23 rows over 9 days: the first and fourth days hold five rows each, so pages split rows sharing a key. */
const DAYS_OF_ITEMS = [5, 1, 2, 5, 1, 3, 2, 1, 3];
const day = (index: number) => `2026-01-${String(index + 1).padStart(2, "0")}T00:00:00.000Z`;

const byDay = (direction: "asc" | "desc"): ListOrder<Item> => ({
  key: "day",
  id: "id",
  direction,
  cursorOf: (item) => ({ key: item.day, id: item.id }),
});

/** Where the links under `page` lead (as app/admin/list/list-query.ts builds them). */
const nextOf = (page: KeysetPage<Item>): PagePosition | undefined =>
  page.hasNext && page.last ? { at: "after", cursor: page.last } : undefined;
const previousOf = (page: KeysetPage<Item>): PagePosition | undefined =>
  page.hasPrevious && page.first ? { at: "before", cursor: page.first } : undefined;

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`reading a list a page at a time on ${target.dialect}`, () => {
    let handle: TestDatabase;
    let db: Kysely<ItemsDatabase>;
    /** Every row, oldest day first and the lower id first within a day. */
    let ascending: Item[];

    const read = (direction: "asc" | "desc", position: PagePosition) =>
      readPage(db.selectFrom("items").select(["id", "day", "label"]), byDay(direction), position, PAGE_SIZE);

    /** Every page met following `step` from `start`, failing rather than looping if the links never end. */
    async function walk(direction: "asc" | "desc", start: PagePosition, step: (page: KeysetPage<Item>) => PagePosition | undefined) {
      const pages: KeysetPage<Item>[] = [];
      let position: PagePosition | undefined = start;
      while (position) {
        if (pages.length > 10) throw new Error("the links do not end");
        const page = await read(direction, position);
        pages.push(page);
        position = step(page);
      }
      return pages;
    }

    beforeAll(async () => {
      handle = await createTestDatabase(target.dialect);
      db = handle.db as unknown as Kysely<ItemsDatabase>;
      await db.schema
        .createTable("items")
        .addColumn("id", "integer", idColumn(db as unknown as Kysely<unknown>))
        .addColumn("day", "text", (column) => column.notNull())
        .addColumn("label", "text", (column) => column.notNull())
        .execute();
      // Inserted in an order that is neither the list's nor the ids', so the ids alone cannot give the order.
      const rows = DAYS_OF_ITEMS.flatMap((count, index) => Array.from({ length: count }, (_, n) => ({ day: day(index), n })));
      const shuffled = rows.map((row, index) => ({ ...row, rank: (index * 7) % rows.length })).sort((a, b) => a.rank - b.rank);
      for (const row of shuffled)
        await db
          .insertInto("items")
          .values({ day: row.day, label: `${row.day}#${row.n}` })
          .execute();
      const all = await db.selectFrom("items").select(["id", "day", "label"]).execute();
      ascending = all.sort((a, b) => a.day.localeCompare(b.day) || a.id - b.id);
    });
    afterAll(async () => {
      await handle?.cleanup();
    });

    it("holds 23 rows, several on the same day, for the walks below", () => {
      expect(ascending).toHaveLength(23);
      expect(new Set(ascending.map((item) => item.day)).size).toBe(9);
    });

    for (const direction of ["desc", "asc"] as const) {
      const expected = () => (direction === "asc" ? ascending : [...ascending].reverse());

      it(`walks ${direction} from the first page by its next links, every row once and in order`, async () => {
        const pages = await walk(direction, { at: "first" }, nextOf);
        expect(pages.map((page) => page.rows.length)).toEqual([5, 5, 5, 5, 3]);
        expect(pages.flatMap((page) => page.rows)).toEqual(expected());
        expect(pages.map((page) => [page.hasPrevious, page.hasNext])).toEqual([
          [false, true],
          [true, true],
          [true, true],
          [true, true],
          [true, false],
        ]);
      });

      it(`walks ${direction} back from the last page by its previous links, the same rows in reverse`, async () => {
        const pages = await walk(direction, { at: "last" }, previousOf);
        // The last page is full, read from the end: the short page is then the first one.
        expect(pages.map((page) => page.rows.length)).toEqual([5, 5, 5, 5, 3]);
        expect(pages.flatMap((page) => [...page.rows].reverse())).toEqual([...expected()].reverse());
        expect(pages[0]).toMatchObject({ hasPrevious: true, hasNext: false });
        expect(pages.at(-1)).toMatchObject({ hasPrevious: false, hasNext: true });
        for (const page of pages.slice(1, -1)) expect(page).toMatchObject({ hasPrevious: true, hasNext: true });
      });

      it(`names each ${direction} page's first and last rows, for its links`, async () => {
        const page = await read(direction, { at: "first" });
        expect(page.first).toEqual({ key: expected()[0]?.day, id: expected()[0]?.id });
        expect(page.last).toEqual({ key: expected()[4]?.day, id: expected()[4]?.id });
        // Going back from the second page lands on exactly the first one.
        const second = await read(direction, nextOf(page)!);
        const back = await read(direction, previousOf(second)!);
        expect(back.rows).toEqual(page.rows);
        expect(back).toMatchObject({ hasPrevious: false, hasNext: true });
      });
    }

    it("fits a list shorter than a page on one page with no links either way", async () => {
      const few = db.selectFrom("items").select(["id", "day", "label"]).where("day", "=", day(0));
      for (const position of [{ at: "first" }, { at: "last" }] as const) {
        const page = await readPage(few, byDay("desc"), position, PAGE_SIZE);
        expect(page.rows.map((item) => item.id)).toEqual(
          ascending
            .filter((item) => item.day === day(0))
            .map((item) => item.id)
            .reverse(),
        );
        expect(page).toMatchObject({ hasPrevious: false, hasNext: false });
      }
    });

    it("answers an empty list with no rows, no cursors and no links", async () => {
      const none = db.selectFrom("items").select(["id", "day", "label"]).where("day", "=", "never");
      const page = await readPage(none, byDay("desc"), { at: "first" }, PAGE_SIZE);
      expect(page).toEqual({ rows: [], hasPrevious: false, hasNext: false });
    });

    it("goes on from a cursor whose row was deleted meanwhile", async () => {
      const first = await read("asc", { at: "first" });
      const second = await read("asc", nextOf(first)!);
      const gone = first.rows.at(-1)!;
      const goneFirst = second.rows[0]!;
      await db.deleteFrom("items").where("id", "in", [gone.id, goneFirst.id]).execute();
      try {
        const after = await read("asc", nextOf(first)!);
        expect(after.rows).toEqual(ascending.slice(6, 11));
        expect(after.hasPrevious).toBe(true);
        const before = await read("asc", previousOf(second)!);
        expect(before.rows).toEqual(ascending.slice(0, 4));
        expect(before).toMatchObject({ hasPrevious: false, hasNext: true });
      } finally {
        await db.insertInto("items").values([gone, goneFirst]).execute();
      }
    });

    it("counts the rows of a list no further than its limit", async () => {
      const all = db.selectFrom("items").select("id");
      const onDay = (index: number) => all.where("day", "=", day(index));
      expect(await countUpTo(db, all, 3)).toEqual({ count: 3, more: true });
      expect(await countUpTo(db, all, 22)).toEqual({ count: 22, more: true });
      expect(await countUpTo(db, all, 23)).toEqual({ count: 23, more: false });
      expect(await countUpTo(db, onDay(5), 3)).toEqual({ count: 3, more: false });
      expect(await countUpTo(db, onDay(2), 3)).toEqual({ count: 2, more: false });
      expect(await countUpTo(db, all.where("day", "=", "never"), 3)).toEqual({ count: 0, more: false });
    });
  });
}
