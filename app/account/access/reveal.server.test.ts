import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { listOrderEvents } from "../../../server/db/order-events.ts";
import { logger } from "../../../server/logger.ts";
import { accessDetailsFor, createDashboardTestBed, type DashboardTestBed } from "../../../tests/support/dashboard-accesses.ts";
import { testTargets } from "../../../tests/support/databases.ts";
import { ownAccess } from "./find.server";
import { revealAccess } from "./reveal.server";

const T0 = new Date("2026-03-10T12:00:00.000Z");
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);
const endsAt = new Date("2026-04-10T12:00:00.000Z");

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`revealing an access's details on ${target.dialect}`, () => {
    let bed: DashboardTestBed;
    beforeAll(async () => {
      bed = await createDashboardTestBed(target.dialect);
    });
    afterAll(() => bed.handle.cleanup());

    const events = async (orderId: number) =>
      (await listOrderEvents(bed.handle.db, orderId)).filter((event) => event.type === "access-revealed");

    it("finds the customer's own access by reference, in any case, and nobody else's", async () => {
      const { access } = await bed.access({ endsAt });
      const session = await bed.session(T0);
      expect((await ownAccess(bed.handle.db, session, access.reference.toLowerCase()))?.id).toBe(access.id);
      const stranger = await bed.session(T0, "stranger@example.com");
      expect(await ownAccess(bed.handle.db, stranger, access.reference)).toBeUndefined();
      expect(await ownAccess(bed.handle.db, session, "NS-NOPE-NOPE")).toBeUndefined();
    });

    it("opens the details for a fresh session, notes it on the timeline without the secret, and keeps the session 30 days", async () => {
      const spies = (["info", "warn", "error", "debug"] as const).map((level) => vi.spyOn(logger, level));
      const { order, access } = await bed.access({ endsAt });
      const session = await bed.session(T0);
      const result = await revealAccess(bed.handle.db, { session, access, address: "203.0.113.5", key: bed.key }, minutes(2));
      expect(result).toEqual({ outcome: "revealed", details: accessDetailsFor(order.reference.toLowerCase()) });
      const lines = await events(order.id);
      expect(lines).toEqual([expect.objectContaining({ actor: "customer", created_at: minutes(2).toISOString() })]);
      expect(JSON.parse(lines[0]?.details ?? "{}")).toEqual({ address: "203.0.113.5", session: session.id });
      const everything = JSON.stringify(await listOrderEvents(bed.handle.db, order.id));
      expect(everything).not.toContain("correct horse");
      for (const spy of spies) expect(JSON.stringify(spy.mock.calls)).not.toContain("correct horse");
      const kept = await bed.handle.db.selectFrom("customer_sessions").selectAll().where("id", "=", session.id).executeTakeFirstOrThrow();
      expect(Date.parse(kept.expires_at) - T0.getTime()).toBe(30 * 24 * 3600_000);
      vi.restoreAllMocks();
    });

    it("asks a session verified over 10 minutes ago for a fresh code first, and records nothing", async () => {
      const { order, access } = await bed.access({ endsAt });
      const session = await bed.session(T0);
      expect(await revealAccess(bed.handle.db, { session, access, address: "203.0.113.5", key: bed.key }, minutes(11))).toEqual({
        outcome: "stale",
      });
      expect(await events(order.id)).toEqual([]);
    });

    it("never reveals a revoked access, even to a fresh session", async () => {
      const { order, access } = await bed.access({ endsAt, status: "revoked" });
      const session = await bed.session(T0);
      expect(await revealAccess(bed.handle.db, { session, access, address: "203.0.113.5", key: bed.key }, T0)).toEqual({
        outcome: "revoked",
      });
      expect(await events(order.id)).toEqual([]);
    });

    it("says the details are unavailable without them, without the key, or with another key", async () => {
      const session = await bed.session(T0);
      const { access: undelivered } = await bed.access({ endsAt, details: false });
      const { access } = await bed.access({ endsAt });
      const reveal = (target: typeof access, key: Buffer | undefined) =>
        revealAccess(bed.handle.db, { session, access: target, address: "203.0.113.5", key }, T0);
      expect(await reveal(undelivered, bed.key)).toEqual({ outcome: "unavailable" });
      expect(await reveal(access, undefined)).toEqual({ outcome: "unavailable" });
      expect(await reveal(access, Buffer.alloc(32, 9))).toEqual({ outcome: "unavailable" });
    });
  });
}
