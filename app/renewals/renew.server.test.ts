import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testTargets } from "../../tests/support/databases.ts";
import { createRenewalTestBed, type RenewalTestBed } from "../../tests/support/renewals";
import { deriveLinkKey, renewalToken } from "./links.server";
import { renewalFromToken } from "./renew.server";

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
      const renewal = await renewalFromToken(
        bed.handle.db,
        renewalToken(order.id, sentAt, bed.key),
        new Date(sentAt.getTime() + dayMs),
        bed.key,
      );
      expect(renewal).toEqual({
        kind: "welcome",
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
  });
}
