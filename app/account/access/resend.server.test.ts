import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setMailLanguage } from "../../../server/db/customer-preferences.ts";
import { listOrderEvents } from "../../../server/db/order-events.ts";
import { openedBody } from "../../../server/mail/mail-job.ts";
import { createDashboardTestBed, type DashboardTestBed } from "../../../tests/support/dashboard-accesses.ts";
import { testTargets } from "../../../tests/support/databases.ts";
import { resendAccessMail } from "./resend.server";

const T0 = new Date("2026-03-10T12:00:00.000Z");
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);
const endsAt = new Date("2026-04-10T12:00:00.000Z");

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`sending the access mail again on ${target.dialect}`, () => {
    let bed: DashboardTestBed;
    let wakes = 0;
    const services = () => ({ db: bed.handle.db, wakeMail: () => void wakes++ });
    beforeAll(async () => {
      bed = await createDashboardTestBed(target.dialect);
    });
    afterAll(() => bed.handle.cleanup());

    const mails = (orderId: number) =>
      bed.handle.db.selectFrom("mails").selectAll().where("order_id", "=", orderId).where("kind", "=", "order-access").execute();

    it("queues the mail sealed, in the chosen mail language, at most once per 10 minutes", async () => {
      const { order, access } = await bed.access({ endsAt, order: { language: "en" } });
      await setMailLanguage(bed.handle.db, bed.email, "es", T0);
      const resend = (at: Date) => resendAccessMail(services(), { access, key: bed.key }, at);
      expect(await resend(T0)).toEqual({ outcome: "sent" });
      expect(await resend(minutes(1))).toEqual({ outcome: "too-soon" });
      // A new counting window, but still within 10 minutes of the last one sent.
      expect(await resend(minutes(9.9))).toEqual({ outcome: "too-soon" });
      expect(await resend(minutes(10.5))).toEqual({ outcome: "sent" });
      const queued = await mails(order.id);
      expect(queued).toHaveLength(2);
      expect(wakes).toBe(2);
      const [first] = queued;
      expect(first?.body_text).not.toContain("correct horse");
      expect(first?.body_text.startsWith("sealed:")).toBe(true);
      const text = openedBody(first?.body_text ?? "", bed.key);
      expect(text).toContain("correct horse battery staple");
      expect(first?.subject).toMatch(/acceso/i);
      const resent = (await listOrderEvents(bed.handle.db, order.id)).filter((event) => event.type === "mail-resent");
      expect(resent.map((event) => event.actor)).toEqual(["customer", "customer"]);
      expect(JSON.stringify(resent)).not.toContain("correct horse");
    });

    it("refuses a revoked access and one whose details cannot be opened", async () => {
      const { order, access } = await bed.access({ endsAt, status: "revoked" });
      expect(await resendAccessMail(services(), { access, key: bed.key }, T0)).toEqual({ outcome: "revoked" });
      const { access: other } = await bed.access({ endsAt });
      expect(await resendAccessMail(services(), { access: other, key: undefined }, T0)).toEqual({ outcome: "unavailable" });
      expect(await mails(order.id)).toEqual([]);
    });
  });
}
