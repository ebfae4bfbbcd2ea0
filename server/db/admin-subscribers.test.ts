import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testTargets } from "../../tests/support/databases.ts";
import { allSubscribers, countSubscribersByState, listSubscribers, subscriberState } from "./admin-subscribers.ts";
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

    it("counts each state", async () => {
      expect(await countSubscribersByState(handle.db)).toEqual({
        confirmed: expected("confirmed").length,
        awaiting: expected("awaiting").length,
        unsubscribed: expected("unsubscribed").length,
      });
    });

    it("lists a state newest first, 50 to a page, never with the token", async () => {
      for (const state of ["confirmed", "awaiting", "unsubscribed"] as const) {
        const { subscribers, total } = await listSubscribers(handle.db, { filter: state, page: 1 });
        expect(total).toBe(expected(state).length);
        expect(subscribers.map((row) => row.email)).toEqual(
          expected(state)
            .reverse()
            .map((index) => `p${index}@example.com`),
        );
        expect(subscribers.every((row) => subscriberState(row) === state)).toBe(true);
        expect(subscribers[0]).not.toHaveProperty("confirmation_token");
      }
      const all = await listSubscribers(handle.db, { filter: "all", page: 2 });
      expect(all.total).toBe(60);
      expect(all.subscribers.map((row) => row.email)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0].map((index) => `p${index}@example.com`));
    });

    it("keeps the times of each step", async () => {
      const { subscribers } = await listSubscribers(handle.db, { filter: "unsubscribed", page: 1, pageSize: 1 });
      // p59: unsubscribed without confirming; p54: confirmed, then unsubscribed.
      expect(subscribers[0]).toMatchObject({ email: "p59@example.com", confirmed_at: null, unsubscribed_at: later(61).toISOString() });
      const [confirmedThenLeft] = (await allSubscribers(handle.db, "unsubscribed")).filter((row) => row.email === "p54@example.com");
      expect(confirmedThenLeft).toMatchObject({ created_at: later(54).toISOString(), confirmed_at: later(55).toISOString() });
    });

    it("exports every address of a state, oldest first", async () => {
      const rows = await allSubscribers(handle.db, "awaiting");
      expect(rows.map((row) => row.email)).toEqual(expected("awaiting").map((index) => `p${index}@example.com`));
      expect(await allSubscribers(handle.db, "all")).toHaveLength(60);
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
