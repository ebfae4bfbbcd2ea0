import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordOrderEvent } from "../../../server/db/order-events.ts";
import { createDashboardTestBed, type DashboardTestBed } from "../../../tests/support/dashboard-accesses.ts";
import { testTargets } from "../../../tests/support/databases.ts";
import { deriveLinkKey, readRenewalToken } from "../../renewals/links.server";
import { recordOptOut } from "../../renewals/opt-outs.server";
import { loadDashboard } from "./load.server";

const now = new Date("2026-03-10T12:00:00.000Z");
const day = 24 * 3600_000;
const inDays = (days: number) => new Date(now.getTime() + days * day);

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`the dashboard's data on ${target.dialect}`, () => {
    let bed: DashboardTestBed;
    let linkKey: Buffer;
    beforeAll(async () => {
      bed = await createDashboardTestBed(target.dialect);
      linkKey = deriveLinkKey(bed.key);
    });
    afterAll(() => bed.handle.cleanup());

    const load = (language: "en" | "es" | "fr" = "en") =>
      loadDashboard({ db: bed.handle.db }, { email: bed.email }, language, now, linkKey);

    it("shows nothing of another address, and says so when there is nothing", async () => {
      const other = await createDashboardTestBed(target.dialect);
      try {
        await other.access({ endsAt: inDays(20) });
        const data = await loadDashboard({ db: other.handle.db }, { email: "nobody@example.com" }, "en", now, linkKey);
        expect(data).toMatchObject({ accesses: [], orders: [] });
      } finally {
        await other.handle.cleanup();
      }
    });

    it("writes the end in the time zone the browser gave at sign-in, naming it", async () => {
      const other = await createDashboardTestBed(target.dialect);
      try {
        await other.access({ endsAt: new Date("2026-03-28T23:30:00.000Z") });
        const endIn = async (time_zone: string | null) =>
          (await loadDashboard({ db: other.handle.db }, { email: other.email, time_zone }, "en", now, linkKey)).accesses[0]?.endsAt;
        // 23:30 UTC on the 28th is half past midnight on the 29th in Paris.
        expect(await endIn("Europe/Paris")).toMatch(/March 29, 2026.*12:30.AM.*GMT\+1/);
        expect(await endIn(null)).toMatch(/March 28, 2026.*11:30.PM.*UTC/);
      } finally {
        await other.handle.cleanup();
      }
    });

    it("lists each access with its plan, viewers, state, end, reminders and a Renew link to the latest paid order", async () => {
      const { order, access } = await bed.access({ endsAt: inDays(5), order: { plan_key: "premium", viewers: 3 } });
      const { access: ended } = await bed.access({ endsAt: inDays(-3), status: "expired" });
      const { access: revoked } = await bed.access({ endsAt: inDays(40), status: "revoked" });
      const data = await load("fr");
      expect(data.accesses.map((line) => line.reference)).toEqual([revoked.reference, access.reference, ended.reference]);
      const line = data.accesses.find((candidate) => candidate.reference === access.reference);
      expect(line).toMatchObject({
        plan: "Platinum",
        viewers: 3,
        state: { kind: "ending", days: 5 },
        detailsHref: `/fr/account/access/${access.reference}`,
      });
      expect(line?.endsAt).toMatch(/mars 2026.*UTC/);
      expect(line?.reminders).toHaveLength(1);
      expect(line?.remindersOff).toBe(false);
      const token = new URL(line?.renewHref ?? "", "http://x").searchParams.get("renew");
      expect(new URL(line?.renewHref ?? "", "http://x").pathname).toBe("/fr/checkout");
      expect(readRenewalToken(token, now, linkKey)?.orderId).toBe(order.id);
      expect(data.accesses.find((candidate) => candidate.reference === ended.reference)).toMatchObject({
        state: { kind: "expired" },
        reminders: [],
      });
      expect(data.accesses.find((candidate) => candidate.reference === revoked.reference)).toMatchObject({
        state: { kind: "revoked" },
        renewHref: null,
      });
      expect(data.guides.length).toBeGreaterThan(2);
      expect(data.guides.every((guide) => guide.href.startsWith("/fr/blog/"))).toBe(true);
    });

    it("shows no reminder dates once the customer opted out", async () => {
      await recordOptOut(bed.handle.db, bed.email, now);
      const data = await load();
      expect(data.preferences.reminders).toBe(false);
      expect(data.accesses.every((line) => line.reminders.length === 0 && line.remindersOff)).toBe(true);
      await bed.handle.db.deleteFrom("reminder_opt_outs").execute();
    });

    it("lists every order with its amount, card and the customer's part of its history, never the internal lines", async () => {
      const order = await bed.paidOrder({ amount_cents: 2900, card_brand: "visa", card_last4: "4242" }, inDays(-1));
      await recordOrderEvent(bed.handle.db, { orderId: order.id, type: "paid", actor: "processor" }, inDays(-1));
      await recordOrderEvent(
        bed.handle.db,
        { orderId: order.id, type: "note", actor: "ops@shop.example", details: { note: "rude customer" } },
        now,
      );
      await recordOrderEvent(bed.handle.db, { orderId: order.id, type: "provisioning-attempt", actor: "system" }, now);
      const data = await load();
      const line = data.orders.find((candidate) => candidate.reference === order.reference);
      expect(line).toMatchObject({ amount: "€29", card: { brand: "Visa", last4: "4242" }, status: "paid" });
      expect(line?.history.map((entry) => entry.kind)).toEqual(["paid"]);
      expect(JSON.stringify(data)).not.toContain("rude customer");
      expect(JSON.stringify(data)).not.toContain("ops@shop.example");
    });
  });
}
