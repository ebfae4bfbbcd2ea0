/**
 * A paid renewal extends the same access: from its end while it runs (7 days early loses nothing), from now
 * once it has ended; once per order; in order when two are paid at the same moment; never a revoked access.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addCalendarMonths } from "../../common/access-period.ts";
import { findAccessById } from "../../server/db/accesses.ts";
import { listOrderEvents } from "../../server/db/order-events.ts";
import type { Order } from "../../server/db/schema.ts";
import { testTargets } from "../../tests/support/databases.ts";
import { createOrderTestBed, type OrderTestBed } from "../../tests/support/orders";
import { recordPayment } from "../checkout/record-payment.server";
import { revokeOrderAccess } from "./revoke.server";

const dayMs = 24 * 60 * 60_000;

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`a paid renewal on ${target.dialect}`, () => {
    let bed: OrderTestBed;
    beforeAll(async () => {
      bed = await createOrderTestBed(target.dialect);
    });
    afterAll(() => bed.handle.cleanup());

    const db = () => bed.handle.db;
    const endIn = async (order: Order, ms: number) => {
      const endsAt = new Date(Date.now() + ms).toISOString();
      await db().updateTable("accesses").set({ ends_at: endsAt }).where("id", "=", order.access_id).execute();
      return endsAt;
    };
    const mailsOf = (order: Order) => db().selectFrom("mails").selectAll().where("order_id", "=", order.id).execute();

    it("renewed 7 days before the end, runs the plan's months from the old end, and says so by mail", async () => {
      const first = await bed.deliveredOrder({ plan_key: "standard", viewers: 1, language: "fr" });
      const oldEnd = await endIn(first, 7 * dayMs);
      const renewal = await bed.paidRenewal(first.access_id!, { plan_key: "advanced", viewers: 2, language: "fr" });

      const newEnd = addCalendarMonths(new Date(oldEnd), 3).toISOString();
      expect(renewal).toMatchObject({ status: "paid", access_id: first.access_id, access_starts_at: oldEnd, access_ends_at: newEnd });
      expect(await findAccessById(db(), first.access_id!)).toMatchObject({
        reference: first.reference,
        status: "active",
        ends_at: newEnd,
        plan_key: "advanced",
        viewers: 2,
      });
      const mails = await mailsOf(renewal);
      expect(mails.map((mail) => mail.kind)).toEqual(["renewal-confirmation"]);
      expect(mails[0]?.subject).toContain("court désormais jusqu’au");
      // The renewal's own invoice: linked, and attached when the mail is sent.
      const invoice = await db()
        .selectFrom("invoices")
        .select(["id", "number"])
        .where("order_id", "=", renewal.id)
        .executeTakeFirstOrThrow();
      expect(mails[0]).toMatchObject({ invoice_id: invoice.id });
      expect(mails[0]?.body_text).toContain(`/fr/account/invoices/${invoice.number}`);
      const renewed = (await listOrderEvents(db(), renewal.id)).find((event) => event.type === "renewed");
      expect(JSON.parse(renewed?.details ?? "{}")).toEqual({ access: first.reference, from: oldEnd, endsAt: newEnd });
      // Reminders and expiry for the new end.
      const keys = (await db().selectFrom("jobs").select("unique_key").execute()).map((job) => job.unique_key);
      expect(keys).toContain(`expire:access-${first.access_id}:${newEnd}`);
      expect(keys).toContain(`reminder-7:access-${first.access_id}:${newEnd}`);
    });

    it("renewed after the end, runs from now, and the expired access runs again", async () => {
      const first = await bed.deliveredOrder({ plan_key: "standard" });
      await endIn(first, -3 * dayMs);
      await db().updateTable("accesses").set({ status: "expired" }).where("id", "=", first.access_id).execute();
      const before = Date.now();
      const renewal = await bed.paidRenewal(first.access_id!, { plan_key: "standard" });
      const startsAt = Date.parse(renewal.access_starts_at ?? "");
      expect(startsAt).toBeGreaterThanOrEqual(before);
      expect(renewal.access_ends_at).toBe(addCalendarMonths(new Date(startsAt), 1).toISOString());
      expect(await findAccessById(db(), first.access_id!)).toMatchObject({ status: "active", ends_at: renewal.access_ends_at });
    });

    it("is applied once, however often the payment is recorded", async () => {
      const first = await bed.deliveredOrder({ plan_key: "standard" });
      const renewal = await bed.paidRenewal(first.access_id!, { plan_key: "standard" });
      const end = (await findAccessById(db(), first.access_id!))?.ends_at;
      await recordPayment(bed.services, renewal, "again");
      expect((await findAccessById(db(), first.access_id!))?.ends_at).toBe(end);
    });

    it("leaves a revoked access as it is: the order waits to be delivered as a new line", async () => {
      const first = await bed.deliveredOrder({ plan_key: "standard" });
      await revokeOrderAccess(db(), first, "refund");
      const end = (await findAccessById(db(), first.access_id!))?.ends_at;
      const renewal = await bed.paidRenewal(first.access_id!, { plan_key: "standard" });
      expect(renewal).toMatchObject({ status: "paid", access_id: null });
      expect(await findAccessById(db(), first.access_id!)).toMatchObject({ status: "revoked", ends_at: end });
      expect((await mailsOf(renewal)).map((mail) => mail.kind)).toEqual(["order-confirmation"]);
    });

    it.skipIf(target.dialect !== "postgres")("two renewals paid at the same moment on two servers extend it twice, in order", async () => {
      const first = await bed.deliveredOrder({ plan_key: "standard" });
      const oldEnd = await endIn(first, 2 * dayMs);
      const other = bed.handle.openAnother();
      const elsewhere = { ...bed.services, db: other };
      const [a, b] = [
        await bed.pendingOrder({ plan_key: "standard", renews_access_id: first.access_id }),
        await bed.pendingOrder({ plan_key: "standard", renews_access_id: first.access_id }),
      ] as [Order, Order];
      const [chargeA, chargeB] = [await bed.chargeOnly(a), await bed.chargeOnly(b)];
      const warm = (handle: typeof other) => Array.from({ length: 5 }, () => sql`select pg_sleep(0.05)`.execute(handle));
      await Promise.all([...warm(db()), ...warm(other)]);
      await Promise.all([recordPayment(bed.services, a, chargeA), recordPayment(elsewhere, b, chargeB)]);

      const twice = addCalendarMonths(addCalendarMonths(new Date(oldEnd), 1), 1).toISOString();
      expect((await findAccessById(db(), first.access_id!))?.ends_at).toBe(twice);
      const periods = await db()
        .selectFrom("orders")
        .select(["access_starts_at", "access_ends_at"])
        .where("id", "in", [a.id, b.id])
        .orderBy("access_starts_at")
        .execute();
      expect(periods[0]?.access_starts_at).toBe(oldEnd);
      expect(periods[0]?.access_ends_at).toBe(periods[1]?.access_starts_at);
      expect(periods[1]?.access_ends_at).toBe(twice);
    });
  });
}
