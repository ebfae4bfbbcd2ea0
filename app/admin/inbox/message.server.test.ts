import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit } from "../../../server/admin/audit.ts";
import { migrateToLatest } from "../../../server/db/database.ts";
import { saveContactMessage } from "../../../server/db/repositories.ts";
import { createTestDatabase, type TestDatabase, testTargets } from "../../../tests/support/databases.ts";
import { searchAt } from "../list/list-query";
import { loadInbox } from "./inbox.server";
import { changeMessageState, loadMessage, messageId } from "./message.server";

const T0 = new Date("2026-03-01T09:30:00.000Z");
const later = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const operator = { id: 3, email: "bo@example.com" };
const address = "198.51.100.4";
const notFound = { init: { status: 404 } };

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`a message in the console on ${target.dialect}`, () => {
    let handle: TestDatabase;
    let id: string;
    beforeAll(async () => {
      handle = await createTestDatabase(target.dialect);
      await migrateToLatest(handle.db, target.dialect);
      for (let index = 0; index < 27; index++) {
        const saved = await saveContactMessage(
          handle.db,
          { name: "Zoë", email: `z${index}@example.com`, subject: `Question ${index}`, message: "Line one\n<b>two</b>", language: "fr" },
          later(index),
        );
        id = String(saved.id);
      }
    });
    afterAll(async () => {
      await handle?.cleanup();
    });

    it("opens a known message whole, and answers 404 for an unknown or malformed id", async () => {
      expect(await loadMessage(handle.db, id)).toMatchObject({ subject: "Question 26", message: "Line one\n<b>two</b>" });
      for (const param of ["999999", "abc", "0", "-1", "1e1", `0${id}`, undefined]) {
        await expect(loadMessage(handle.db, param), String(param)).rejects.toMatchObject(notFound);
      }
    });

    it("marks handled once, audited, and says so when someone was first", async () => {
      expect(await changeMessageState(handle.db, { param: id, intent: "handle", operator, address }, later(100))).toBe("handled");
      expect(await loadMessage(handle.db, id)).toMatchObject({ handled_at: later(100).toISOString(), handled_by: "bo@example.com" });
      expect(await changeMessageState(handle.db, { param: id, intent: "handle", operator, address }, later(101))).toBe("already-handled");

      expect(await changeMessageState(handle.db, { param: id, intent: "reopen", operator, address }, later(102))).toBe("reopened");
      expect(await loadMessage(handle.db, id)).toMatchObject({ handled_at: null, handled_by: null });
      expect(await changeMessageState(handle.db, { param: id, intent: "reopen", operator, address }, later(103))).toBe("already-waiting");

      const { rows: entries } = await listAudit(handle.db, {});
      expect(entries.map((entry) => [entry.action, entry.subject, entry.operator_email, entry.address, entry.created_at])).toEqual([
        ["message-reopened", id, "bo@example.com", address, later(102).toISOString()],
        ["message-handled", id, "bo@example.com", address, later(100).toISOString()],
      ]);
    });

    it("answers 404 when changing a message that does not exist", async () => {
      await expect(changeMessageState(handle.db, { param: "999999", intent: "handle", operator, address })).rejects.toMatchObject(notFound);
      await expect(changeMessageState(handle.db, { param: "x", intent: "reopen", operator, address })).rejects.toMatchObject(notFound);
    });

    it("lists the inbox as the query string asks: waiting by default, 25 to a page", async () => {
      await changeMessageState(handle.db, { param: id, intent: "handle", operator, address });
      const inbox = await loadInbox(handle.db, new URL("http://shop.test/admin/messages"));
      expect(inbox).toMatchObject({ filter: "waiting", waiting: 26 });
      expect(inbox.messages).toHaveLength(25);
      expect(inbox.messages[0]?.subject).toBe("Question 25");
      expect(Object.keys(inbox.links)).toEqual(["next", "last"]);

      // All 27, 25 to a page: the next link of the first page leads to the two oldest, the last page too.
      const all = await loadInbox(handle.db, new URL("http://shop.test/admin/messages?state=all"));
      const next = all.links.next;
      if (!next) throw new Error("the first page of 27 has a next page");
      const second = await loadInbox(handle.db, new URL(`http://shop.test/admin/messages${searchAt("?state=all", next)}`));
      expect(second).toMatchObject({ filter: "all", waiting: 26 });
      expect(second.messages.map((message) => message.subject)).toEqual(["Question 1", "Question 0"]);
      const last = await loadInbox(handle.db, new URL("http://shop.test/admin/messages?state=all&at=last"));
      expect(last.messages.map((message) => message.subject).slice(-2)).toEqual(["Question 1", "Question 0"]);
      expect(Object.keys(second.links)).toEqual(["first", "previous"]);

      const handled = await loadInbox(handle.db, new URL("http://shop.test/admin/messages?state=handled"));
      expect(handled.messages.map((message) => message.subject)).toEqual(["Question 26"]);
      expect((await loadInbox(handle.db, new URL("http://shop.test/admin/messages?state=nonsense"))).filter).toBe("waiting");
    });
  });
}

describe("a message id in the address", () => {
  it("is a plain positive integer or nothing", () => {
    expect(messageId("42")).toBe(42);
    expect(messageId("999999999999999")).toBe(999_999_999_999_999);
    for (const param of ["", "0", "042", "4.2", "1e3", " 4", "4 ", "0x10", "9999999999999999", undefined])
      expect(messageId(param)).toBeNull();
  });
});
