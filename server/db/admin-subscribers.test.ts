import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testTargets } from "../../tests/support/databases.ts";
import { walkPages } from "../../tests/support/list-pages.ts";
import {
  countSubscribersByState,
  listSubscribers,
  type SubscriberFilter,
  type SubscriberRow,
  subscriberState,
  subscriberStates,
  subscribersBatch,
} from "./admin-subscribers.ts";
import { migrateToLatest } from "./database.ts";
import { confirmSubscription, subscribeToNewsletter, unsubscribe } from "./repositories.ts";

const T0 = new Date("2026-03-01T09:30:00.000Z");
const later = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

/** Index → state: every third confirmed, every fifth (of the rest) unsubscribed after confirming or not. */
const planned = (index: number) => (index % 5 === 4 ? "unsubscribed" : index % 3 === 0 ? "confirmed" : "awaiting");

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`the console's subscribers on ${target.dialect}`, () => {
    let handle: TestDatabase;
    beforeAll(async () => {
      handle = await createTestDatabase(target.dialect);
      await migrateToLatest(handle.db, target.dialect);
      for (let index = 0; index < 60; index++) {
        const { subscriber } = await subscribeToNewsletter(
          handle.db,
          { email: `p${index}@example.com`, language: index % 2 ? "fr" : "en" },
          later(index),
        );
        if (index % 3 === 0) await confirmSubscription(handle.db, subscriber.confirmation_token, later(index + 1));
        if (planned(index) === "unsubscribed") await unsubscribe(handle.db, subscriber.confirmation_token, later(index + 2));
      }
    });
    afterAll(async () => {
      await handle?.cleanup();
    });

    const expected = (state: string) => Array.from({ length: 60 }, (_, index) => index).filter((index) => planned(index) === state);

    const emails = (rows: { email: string }[]) => rows.map((row) => row.email);
    const addresses = (indexes: number[]) => indexes.map((index) => `p${index}@example.com`);
    const everyRow = async (filter: SubscriberFilter, pageSize?: number) =>
      (await walkPages((position) => listSubscribers(handle.db, { filter, position, pageSize }))).flatMap((page) => page.rows);
    /** The export's reading: batches of `size` after the last row read, until one comes back short. */
    async function exported(filter: SubscriberFilter, size: number) {
      const rows: SubscriberRow[] = [];
      for (let batch = 0; batch < 100; batch++) {
        const last = rows.at(-1);
        const next = await subscribersBatch(handle.db, filter, last ? { createdAt: last.created_at, id: last.id } : null, size);
        rows.push(...next);
        if (next.length < size) return rows;
      }
      throw new Error("the batches do not end");
    }

    it("counts each state as many as its list shows", async () => {
      expect(await countSubscribersByState(handle.db)).toEqual({
        confirmed: expected("confirmed").length,
        awaiting: expected("awaiting").length,
        unsubscribed: expected("unsubscribed").length,
      });
      for (const state of subscriberStates) {
        expect((await everyRow(state)).length).toBe((await countSubscribersByState(handle.db))[state]);
      }
    });

    it("lists a state newest first, 50 to a page, never with the token", async () => {
      for (const state of subscriberStates) {
        const page = await listSubscribers(handle.db, { filter: state });
        expect(emails(page.rows)).toEqual(addresses(expected(state).reverse()));
        expect(page).toMatchObject({ hasPrevious: false, hasNext: false });
        expect(page.rows.every((row) => subscriberState(row) === state)).toBe(true);
        expect(page.rows[0]).not.toHaveProperty("confirmation_token");
      }
      const all = await walkPages((position) => listSubscribers(handle.db, { filter: "all", position }));
      expect(all.map((page) => page.rows.length)).toEqual([50, 10]);
      expect(emails(all[1]!.rows)).toEqual(addresses([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]));
      const backwards = await walkPages((position) => listSubscribers(handle.db, { filter: "all", position }), "previous");
      expect(backwards.map((page) => page.rows.length)).toEqual([50, 10]);
      expect(emails(backwards[1]!.rows)).toEqual(addresses([59, 58, 57, 56, 55, 54, 53, 52, 51, 50]));
    });

    it("pages a state by its links, every address once", async () => {
      expect(emails(await everyRow("awaiting", 7))).toEqual(addresses(expected("awaiting").reverse()));
    });

    it("keeps the times of each step", async () => {
      const { rows } = await listSubscribers(handle.db, { filter: "unsubscribed", pageSize: 1 });
      // p59: unsubscribed without confirming; p54: confirmed, then unsubscribed.
      expect(rows[0]).toMatchObject({ email: "p59@example.com", confirmed_at: null, unsubscribed_at: later(61).toISOString() });
      const [confirmedThenLeft] = (await everyRow("unsubscribed")).filter((row) => row.email === "p54@example.com");
      expect(confirmedThenLeft).toMatchObject({ created_at: later(54).toISOString(), confirmed_at: later(55).toISOString() });
    });

    it("exports every address of a state, oldest first, batch after batch", async () => {
      expect(emails(await exported("awaiting", 7))).toEqual(addresses(expected("awaiting")));
      expect(emails(await exported("all", 10))).toEqual(addresses(Array.from({ length: 60 }, (_, index) => index)));
      expect(await exported("unsubscribed", 100)).toHaveLength(expected("unsubscribed").length);
    });

    it("moves an address from count to count as it confirms and leaves", async () => {
      const before = await countSubscribersByState(handle.db);
      const { subscriber } = await subscribeToNewsletter(handle.db, { email: "late@example.com", language: "es" }, later(100));
      expect(await countSubscribersByState(handle.db)).toEqual({ ...before, awaiting: before.awaiting + 1 });
      await confirmSubscription(handle.db, subscriber.confirmation_token, later(101));
      expect(await countSubscribersByState(handle.db)).toEqual({ ...before, confirmed: before.confirmed + 1 });
      expect(emails((await listSubscribers(handle.db, { filter: "confirmed", pageSize: 1 })).rows)).toEqual(["late@example.com"]);
      await unsubscribe(handle.db, subscriber.confirmation_token, later(102));
      const after = await countSubscribersByState(handle.db);
      expect(after).toEqual({ ...before, unsubscribed: before.unsubscribed + 1 });
      for (const state of subscriberStates) expect((await everyRow(state)).length).toBe(after[state]);
    });
  });
}

describe("a subscriber's state", () => {
  it("is unsubscribed once they left, confirmed or not", () => {
    expect(subscriberState({ confirmed_at: "x", unsubscribed_at: "y" })).toBe("unsubscribed");
    expect(subscriberState({ confirmed_at: null, unsubscribed_at: "y" })).toBe("unsubscribed");
    expect(subscriberState({ confirmed_at: "x", unsubscribed_at: null })).toBe("confirmed");
    expect(subscriberState({ confirmed_at: null, unsubscribed_at: null })).toBe("awaiting");
  });
});
