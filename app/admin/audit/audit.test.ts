import { describe, expect, it } from "vitest";
import { countAuditSince, recordAudit } from "../../../server/admin/audit.ts";
import { migrateToLatest } from "../../../server/db/database.ts";
import { createTestDatabase } from "../../../tests/support/databases.ts";
import { adminMessages } from "../messages.server";
import { adminText } from "../text";
import { actionName } from "./action-name";
import { auditActionFrom, knownAuditActions } from "./actions";
import { loadAuditLog } from "./audit.server";
import { describeDetails } from "./details";

describe("the audit log's actions", () => {
  it("each have a name in words, and an unknown one shows as recorded", () => {
    const { t } = adminText(adminMessages.es, "es");
    for (const action of knownAuditActions) expect(actionName(t, action), action).not.toBe(action);
    expect(actionName(t, "message-handled")).toBe("Mensaje marcado como atendido");
    expect(actionName(t, "totp-enabled")).toBe("totp-enabled");
  });

  it("filter by what the address says, within reason", () => {
    expect(auditActionFrom(new URLSearchParams("action=refund"))).toBe("refund");
    expect(auditActionFrom(new URLSearchParams("action=%20"))).toBeUndefined();
    expect(auditActionFrom(new URLSearchParams(""))).toBeUndefined();
    expect(auditActionFrom(new URLSearchParams(`action=${"x".repeat(65)}`))).toBeUndefined();
  });
});

describe("an entry's details", () => {
  it("read as one line, or as stored when they are not an object", () => {
    expect(describeDetails('{"state":"confirmed","rows":12}')).toBe("state: confirmed · rows: 12");
    expect(describeDetails('{"secondFactor":"totp","extra":{"a":1}}')).toBe('secondFactor: totp · extra: {"a":1}');
    expect(describeDetails("{}")).toBeNull();
    expect(describeDetails(null)).toBeNull();
    expect(describeDetails("[1,2]")).toBe("[1,2]");
    expect(describeDetails("not json")).toBe("not json");
  });
});

describe("the audit log page", () => {
  it("lists newest first with the action filter, 50 to a page", async () => {
    const handle = await createTestDatabase("sqlite");
    try {
      await migrateToLatest(handle.db, "sqlite");
      const T0 = Date.parse("2026-03-01T09:30:00.000Z");
      for (let index = 0; index < 53; index++) {
        const action = index % 10 === 0 ? "export" : "sign-in";
        await recordAudit(
          handle.db,
          { operatorId: 1, operatorEmail: "ana@example.com", action, address: "203.0.113.7", details: { n: index } },
          new Date(T0 + index * 1000),
        );
      }
      const first = await loadAuditLog(handle.db, new URL("http://shop.test/admin/audit"));
      expect(first).toMatchObject({ action: null, matching: { count: 53, more: false } });
      expect(first.links).toEqual({
        next: { at: "after", cursor: { key: new Date(T0 + 3000).toISOString(), id: 4 } },
        last: { at: "last" },
      });
      expect(first.entries).toHaveLength(50);
      expect(first.entries[0]).toMatchObject({ action: "sign-in", operator: "ana@example.com", details: "n: 52", subject: null });
      const exports = await loadAuditLog(handle.db, new URL("http://shop.test/admin/audit?action=export"));
      expect(exports.entries.map((entry) => entry.details)).toEqual(["n: 50", "n: 40", "n: 30", "n: 20", "n: 10", "n: 0"]);
      expect(exports).toMatchObject({ action: "export", links: {}, matching: { count: 6, more: false } });
      // The last page: the 50 oldest, newest first, ending with the first entry recorded.
      const last = await loadAuditLog(handle.db, new URL("http://shop.test/admin/audit?at=last"));
      expect(last.entries).toHaveLength(50);
      expect(last.entries.at(-1)?.details).toBe("n: 0");
      expect(Object.keys(last.links)).toEqual(["first", "previous"]);
    } finally {
      await handle.cleanup();
    }
  });
});

describe("counting one action since a moment", () => {
  it("counts that action from then on, and no other", async () => {
    const handle = await createTestDatabase("sqlite");
    try {
      await migrateToLatest(handle.db, "sqlite");
      const T0 = Date.parse("2026-03-01T00:00:00.000Z");
      const entry = (action: string) => ({ operatorId: null, operatorEmail: null, action, address: "-" });
      for (const day of [0, 10, 20, 40]) await recordAudit(handle.db, entry("processor-event-refused"), new Date(T0 - day * 86_400_000));
      await recordAudit(handle.db, entry("refund"), new Date(T0));
      expect(await countAuditSince(handle.db, "processor-event-refused", new Date(T0 - 30 * 86_400_000))).toEqual({
        count: 3,
        more: false,
      });
      expect(await countAuditSince(handle.db, "processor-event-refused", new Date(T0 + 1))).toEqual({ count: 0, more: false });
    } finally {
      await handle.cleanup();
    }
  });
});
