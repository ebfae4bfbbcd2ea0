/** A renewal checkout for an access that already renews automatically offers no second subscription, on both databases. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findAccessById } from "../../server/db/accesses.ts";
import { markSubscriptionStopping, startSubscription } from "../../server/db/subscriptions.ts";
import { testTargets } from "../../tests/support/databases.ts";
import { createOrderTestBed, type OrderTestBed } from "../../tests/support/orders.ts";
import { accessRenewsAutomatically, renewalOffer } from "./renewal-offer.server";

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`the renewal checkout's offer on ${target.dialect}`, () => {
    let bed: OrderTestBed;
    beforeAll(async () => {
      bed = await createOrderTestBed(target.dialect);
    });
    afterAll(() => bed.handle.cleanup());

    it("is a note while the access renews, and the box again once its renewal stopped", async () => {
      const order = await bed.deliveredOrder({ email: "again@example.com" });
      const access = (await findAccessById(bed.handle.db, order.access_id!))!;
      const renews = { reference: access.reference, endsAt: access.ends_at };
      const offer = () => renewalOffer(async () => bed.handle.db, { language: "en", params: new URLSearchParams(), renews });
      expect(await offer()).toMatchObject({ kind: "offered" });
      expect(await accessRenewsAutomatically(bed.handle.db, access.id)).toBe(false);

      const { subscription } = await startSubscription(bed.handle.db, { order, nextChargeAt: new Date(access.ends_at) });
      expect(await offer()).toEqual({ kind: "already-renews" });
      expect(await accessRenewsAutomatically(bed.handle.db, access.id)).toBe(true);

      await markSubscriptionStopping(bed.handle.db, subscription.id);
      expect(await offer()).toMatchObject({ kind: "offered" });
    });
  });
}
