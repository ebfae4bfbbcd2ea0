import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eraseCustomer } from "../../server/db/customer-erasure.ts";
import { testTargets } from "../../tests/support/databases.ts";
import { createRenewalTestBed, type RenewalTestBed } from "../../tests/support/renewals";
import { revokeOrderAccess } from "../access/revoke.server";
import { deriveLinkKey, renewalToken } from "../renewals/links.server";
import { claimRenewal, renewalFromToken } from "./renew.server";

const T0 = new Date("2026-03-01T09:30:00.000Z");
const dayMs = 24 * 60 * 60_000;

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`the renewal link's checkout on ${target.dialect}`, () => {
    let bed: RenewalTestBed;
    beforeAll(async () => {
      bed = await createRenewalTestBed(target.dialect);
    });
    afterAll(() => bed.handle.cleanup());

    it("fills in the plan, the viewers and the customer's details, never a card", async () => {
      const order = await bed.deliveredOrder({ plan_key: "premium", viewers: 3, language: "es", email: "Lucia@Example.com" }, T0);
      const sentAt = new Date(T0.getTime() + 85 * dayMs);
      const token = renewalToken(order.id, sentAt, bed.key);
      const renewal = await renewalFromToken(bed.handle.db, token, new Date(sentAt.getTime() + dayMs), bed.key);
      expect(renewal).toEqual({
        kind: "welcome",
        token,
        access: { reference: order.reference, endsAt: order.access_ends_at },
        values: {
          plan: "premium",
          viewers: "3",
          firstName: "Camille",
          lastName: "Durand",
          email: "Lucia@Example.com",
          phone: "+33 6 12 34 56 78",
          country: "FR",
          city: "Lyon",
          postalCode: "69001",
          address: "1 place Bellecour",
        },
      });
      expect(JSON.stringify(renewal)).not.toMatch(/4242|visa|cardNumber|cvv|idempotency/i);
    });

    it("refuses to renew a revoked access, or one that ended more than 30 days ago, as a new purchase", async () => {
      const revoked = await bed.deliveredOrder({}, T0);
      await revokeOrderAccess(bed.handle.db, revoked, "dispute", T0);
      const at = new Date(T0.getTime() + dayMs);
      const refusal = await renewalFromToken(bed.handle.db, renewalToken(revoked.id, T0, bed.key), at, bed.key);
      expect(refusal).toMatchObject({ kind: "revoked", values: { email: revoked.email } });
      expect(refusal).not.toHaveProperty("token");

      const ended = await bed.deliveredOrder({}, T0);
      const end = Date.parse(ended.access_ends_at ?? "");
      const within = new Date(end + 30 * dayMs);
      const tooLate = new Date(end + 30 * dayMs + 1);
      const link = (now: Date) => renewalToken(ended.id, new Date(now.getTime() - dayMs), bed.key);
      expect(await renewalFromToken(bed.handle.db, link(within), within, bed.key)).toMatchObject({ kind: "welcome", token: link(within) });
      expect(await renewalFromToken(bed.handle.db, link(tooLate), tooLate, bed.key)).toMatchObject({ kind: "too-late" });
    });

    it("opens the ordinary checkout for a link that expired, was altered, was signed elsewhere or names no order", async () => {
      const order = await bed.deliveredOrder({}, T0);
      const token = renewalToken(order.id, T0, bed.key);
      const expired = { kind: "expired" };
      expect(await renewalFromToken(bed.handle.db, token, new Date(T0.getTime() + 30 * dayMs), bed.key)).toEqual(expired);
      expect(await renewalFromToken(bed.handle.db, `${token}x`, T0, bed.key)).toEqual(expired);
      expect(await renewalFromToken(bed.handle.db, token, T0, deriveLinkKey(Buffer.alloc(32, 7)))).toEqual(expired);
      expect(await renewalFromToken(bed.handle.db, renewalToken(99_999, T0, bed.key), T0, bed.key)).toEqual(expired);
      expect(await renewalFromToken(bed.handle.db, "", T0, bed.key)).toEqual(expired);
    });

    it("opens nothing of the customer's with a link issued before they deleted their account", async () => {
      const order = await bed.deliveredOrder({ email: `erased.${randomUUID().slice(0, 8)}@example.com` }, T0);
      const token = renewalToken(order.id, T0, bed.key);
      const at = new Date(T0.getTime() + dayMs);
      await eraseCustomer(bed.handle.db, order.email, { retentionYears: 10, now: at });
      // The paid order is kept for accounting, with its name and postal address: the link must not show them.
      expect(await renewalFromToken(bed.handle.db, token, at, bed.key)).toEqual({ kind: "expired" });
      expect(await claimRenewal(bed.handle.db, token, at, bed.key)).toEqual({ ok: false, refusal: "invalid" });
    });
  });
}
