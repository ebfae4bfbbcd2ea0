import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testTargets } from "../../tests/support/databases.ts";
import { walkPages } from "../../tests/support/list-pages.ts";
import { countWaitingMessages, findContactMessage, listContactMessages, markMessageHandled, markMessageWaiting } from "./admin-inbox.ts";
import { migrateToLatest } from "./database.ts";
import type { PagePosition } from "./keyset.ts";
import { saveContactMessage } from "./repositories.ts";

const T0 = new Date("2026-03-01T09:30:00.000Z");
const later = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`the console's inbox on ${target.dialect}`, () => {
    let handle: TestDatabase;
    const ids: number[] = [];
    beforeAll(async () => {
      handle = await createTestDatabase(target.dialect);
      await migrateToLatest(handle.db, target.dialect);
      // 30 messages, one a minute; the first 6 are handled.
      for (let index = 0; index < 30; index++) {
        const saved = await saveContactMessage(
          handle.db,
          { name: `Sender ${index}`, email: `s${index}@example.com`, subject: `Subject ${index}`, message: "Hello", language: "es" },
          later(index),
        );
        ids.push(saved.id);
        if (index < 6) await markMessageHandled(handle.db, saved.id, "ana@example.com", later(100));
      }
    });
    afterAll(async () => {
      await handle?.cleanup();
    });

    const subjects = (page: { rows: { subject: string }[] }) => page.rows.map((message) => message.subject);
    const numbered = (...numbers: number[]) => numbers.map((n) => `Subject ${n}`);

    it("lists waiting messages newest first, without their text", async () => {
      const first = await listContactMessages(handle.db, { filter: "waiting" });
      expect(first.rows).toHaveLength(24);
      expect(first).toMatchObject({ hasPrevious: false, hasNext: false });
      expect(first.rows[0]).toEqual({
        id: ids[29],
        name: "Sender 29",
        email: "s29@example.com",
        subject: "Subject 29",
        language: "es",
        created_at: later(29).toISOString(),
        handled_at: null,
      });
      expect(first.rows[0]).not.toHaveProperty("message");
    });

    it("pages the waiting messages by their links, both ways", async () => {
      const read = (position: PagePosition) => listContactMessages(handle.db, { filter: "waiting", position, pageSize: 10 });
      const forwards = await walkPages(read);
      expect(forwards.map(subjects)).toEqual([
        numbered(29, 28, 27, 26, 25, 24, 23, 22, 21, 20),
        numbered(19, 18, 17, 16, 15, 14, 13, 12, 11, 10),
        numbered(9, 8, 7, 6),
      ]);
      const backwards = await walkPages(read, "previous");
      expect(backwards.map(subjects)).toEqual([
        numbered(15, 14, 13, 12, 11, 10, 9, 8, 7, 6),
        numbered(25, 24, 23, 22, 21, 20, 19, 18, 17, 16),
        numbered(29, 28, 27, 26),
      ]);
    });

    it("filters handled and all, and clamps page sizes", async () => {
      const handled = await listContactMessages(handle.db, { filter: "handled" });
      expect(subjects(handled)).toEqual(numbered(5, 4, 3, 2, 1, 0));
      expect(handled.rows.every((message) => message.handled_at === later(100).toISOString())).toBe(true);
      const all = await walkPages((position) => listContactMessages(handle.db, { filter: "all", position }));
      expect(all.map((page) => page.rows.length)).toEqual([25, 5]);
      expect(subjects(all[1]!)).toEqual(numbered(4, 3, 2, 1, 0));
      expect((await listContactMessages(handle.db, { filter: "all", pageSize: Number.NaN })).rows).toHaveLength(25);
      expect((await listContactMessages(handle.db, { filter: "all", pageSize: 0 })).rows).toHaveLength(25);
      expect((await listContactMessages(handle.db, { filter: "all", pageSize: 1e9 })).rows).toHaveLength(30);
    });

    it("counts the waiting messages", async () => {
      expect(await countWaitingMessages(handle.db)).toBe(24);
    });

    it("finds one message whole, or nothing", async () => {
      expect(await findContactMessage(handle.db, ids[0]!)).toMatchObject({ message: "Hello", handled_by: "ana@example.com" });
      expect(await findContactMessage(handle.db, 999_999)).toBeUndefined();
    });

    it("marks handled and waiting again once each, whoever clicks second", async () => {
      const id = ids[20]!;
      const handled = await markMessageHandled(handle.db, id, "bo@example.com", later(200));
      expect(handled).toMatchObject({ handled_at: later(200).toISOString(), handled_by: "bo@example.com" });
      expect(await markMessageHandled(handle.db, id, "cy@example.com", later(201))).toBeUndefined();
      expect(await findContactMessage(handle.db, id)).toMatchObject({ handled_by: "bo@example.com" });

      const reopened = await markMessageWaiting(handle.db, id, later(202));
      expect(reopened).toMatchObject({ handled_at: null, handled_by: null, updated_at: later(202).toISOString() });
      expect(await markMessageWaiting(handle.db, id, later(203))).toBeUndefined();
      expect(await markMessageHandled(handle.db, 999_999, "bo@example.com")).toBeUndefined();
    });

    it("settles a race between two servers with one winner", async () => {
      const other = handle.openAnother();
      const id = ids[21]!;
      const results = await Promise.all([
        markMessageHandled(handle.db, id, "a@example.com"),
        markMessageHandled(other, id, "b@example.com"),
      ]);
      expect(results.filter(Boolean)).toHaveLength(1);
    });
  });
}
