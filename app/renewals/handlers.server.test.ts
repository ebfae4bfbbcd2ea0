import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailJobKey } from "../../server/db/mails.ts";
import { listOrderEvents } from "../../server/db/order-events.ts";
import { recordRefund } from "../../server/db/payments.ts";
import { markOrderPaid } from "../../server/db/repositories.ts";
import type { Job, Order } from "../../server/db/schema.ts";
import { JOB_KINDS } from "../../server/jobs/enqueue.ts";
import { GiveUp } from "../../server/jobs/runner.ts";
import { testTargets } from "../../tests/support/databases.ts";
import { createRenewalTestBed, type RenewalTestBed } from "../../tests/support/renewals";
import { revokeOrderAccess } from "../access/revoke.server";
import { renewalJobHandlers } from "./handlers.server";
import { readOptOutToken, readRenewalToken } from "./links.server";
import { recordOptOut } from "./opt-outs.server";

const T0 = new Date("2026-03-01T09:30:00.000Z");
const END = new Date("2026-06-01T09:30:00.000Z");
const runAt = (job: Job) => new Date(job.run_at);

const expected = {
  en: { subject: "Your NovaStream access ends on June 1, 2026", greeting: "Hi Camille,", renew: "Renew my plan:", path: "" },
  es: {
    subject: "Tu acceso a NovaStream termina el 1 de junio de 2026",
    greeting: "Hola, Camille:",
    renew: "Renovar mi plan:",
    path: "/es",
  },
  fr: {
    subject: "Votre accès NovaStream se termine le 1 juin 2026",
    greeting: "Bonjour Camille,",
    // French puts a no-break space before the colon.
    renew: "Renouveler ma formule\u00a0:",
    path: "/fr",
  },
};

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`renewal jobs on ${target.dialect}`, () => {
    let bed: RenewalTestBed;
    let handlers: ReturnType<typeof renewalJobHandlers>;
    beforeAll(async () => {
      bed = await createRenewalTestBed(target.dialect);
      handlers = renewalJobHandlers(
        async () => ({ db: bed.handle.db, wakeMail: () => {} }),
        () => bed.key,
      );
    });
    afterAll(() => bed.handle.cleanup());

    const remind = (job: Job, now: Date) => handlers[JOB_KINDS.renewalReminder].run(job, now);
    const expire = (job: Job, now: Date) => handlers[JOB_KINDS.accessExpiry].run(job, now);
    const reminders = (order: Order) =>
      bed.handle.db.selectFrom("mails").selectAll().where("order_id", "=", order.id).where("kind", "=", "renewal-reminder").execute();
    const events = async (order: Order, type: string) =>
      (await listOrderEvents(bed.handle.db, order.id))
        .filter((event) => event.type === type)
        .map((event) => JSON.parse(event.details ?? "null"));

    for (const language of ["en", "es", "fr"] as const) {
      it(`mails the reminder in ${language}, with working renew and unsubscribe links`, async () => {
        const order = await bed.deliveredOrder({ language, email: `Ana.${language}@Example.com` }, T0);
        const job = await bed.reminderJob(order, 7);
        expect(runAt(job)).toEqual(new Date(END.getTime() - 7 * 24 * 60 * 60_000));
        await remind(job, runAt(job));

        const [mail, ...others] = await reminders(order);
        expect(others).toEqual([]);
        expect(mail).toMatchObject({ to_address: order.email, subject: expected[language].subject });
        const mailJob = await bed.job(mailJobKey(mail!.id));
        expect(mailJob).toMatchObject({ kind: "mail", done_at: null });
        expect(mail?.body_html).toContain(`<html lang="${language}"`);
        const renew = mail?.body_text.match(/(https?:\/\/[^\s?]+)\?renew=(\S+)/);
        const unsubscribe = mail?.body_text.match(/(https?:\/\/[^\s?]+)\?token=(\S+)/);
        expect(mail?.body_text).toContain(expected[language].greeting);
        expect(mail?.body_text).toContain(`${expected[language].renew} ${renew?.[0]}`);
        expect(new URL(renew?.[1] ?? "").pathname).toBe(`${expected[language].path}/checkout`);
        expect(new URL(unsubscribe?.[1] ?? "").pathname).toBe(`${expected[language].path}/reminders/unsubscribe`);
        expect(readRenewalToken(renew?.[2], runAt(job), bed.key)?.orderId).toBe(order.id);
        expect(readOptOutToken(unsubscribe?.[2], bed.key)).toBe(`ana.${language}@example.com`);
        expect(mail?.body_html).toContain(`href="${renew?.[0]}"`);
        expect(await events(order, "reminder-sent")).toEqual([{ days: 7, endsAt: END.toISOString() }]);
      });
    }

    it("sends each reminder once, even when its job runs again", async () => {
      const order = await bed.deliveredOrder({}, T0);
      const week = await bed.reminderJob(order, 7);
      const day = await bed.reminderJob(order, 1);
      await remind(week, runAt(week));
      await remind(week, runAt(week));
      await remind(day, runAt(day));
      await remind(day, new Date(runAt(day).getTime() + 60_000));
      expect(await reminders(order)).toHaveLength(2);
      expect(await events(order, "reminder-sent")).toEqual([
        { days: 7, endsAt: END.toISOString() },
        { days: 1, endsAt: END.toISOString() },
      ]);
      const sent = (await listOrderEvents(bed.handle.db, order.id)).find((event) => event.type === "reminder-sent");
      expect(sent?.actor).toBe("system");
    });

    it.skipIf(target.dialect !== "postgres")("sends it once when two servers run the job at the same moment", async () => {
      const order = await bed.deliveredOrder({}, T0);
      const job = await bed.reminderJob(order, 7);
      const other = bed.handle.openAnother();
      const elsewhere = renewalJobHandlers(
        async () => ({ db: other, wakeMail: () => {} }),
        () => bed.key,
      )[JOB_KINDS.renewalReminder];
      // Every connection of both pools open first, so the runs really overlap.
      const warm = (db: typeof other) => Array.from({ length: 5 }, () => sql`select pg_sleep(0.05)`.execute(db));
      await Promise.all([...warm(bed.handle.db), ...warm(other)]);
      await Promise.all([1, 2, 3].flatMap(() => [remind(job, runAt(job)), elsewhere.run(job, runAt(job))]));
      expect(await reminders(order)).toHaveLength(1);
      expect(await events(order, "reminder-sent")).toEqual([{ days: 7, endsAt: END.toISOString() }]);
    });

    it("sends none after the customer opted out (whatever the case of the address)", async () => {
      const order = await bed.deliveredOrder({ email: "Opted.Out@Example.com" }, T0);
      await recordOptOut(bed.handle.db, "opted.out@example.com", T0);
      const job = await bed.reminderJob(order, 7);
      await remind(job, runAt(job));
      expect(await reminders(order)).toEqual([]);
      expect(await events(order, "reminder-skipped")).toEqual([{ days: 7, endsAt: END.toISOString(), reason: "opted-out" }]);
      await remind(job, runAt(job));
      expect(await events(order, "reminder-skipped")).toHaveLength(1);
    });

    it("sends none after a newer purchase was paid, but does after one that was not", async () => {
      const email = "again@example.com";
      const first = await bed.deliveredOrder({ email }, T0);
      await bed.order({ email: "AGAIN@example.com" }, new Date("2026-05-20T10:00:00.000Z")); // never paid
      const week = await bed.reminderJob(first, 7);
      await remind(week, runAt(week));
      expect(await reminders(first)).toHaveLength(1);

      const renewed = await bed.order({ email: "Again@Example.com" }, new Date("2026-05-28T10:00:00.000Z"));
      await markOrderPaid(bed.handle.db, renewed.id, { gatewayReference: "test_again" }, new Date("2026-05-28T10:01:00.000Z"));
      const day = await bed.reminderJob(first, 1);
      await remind(day, runAt(day));
      expect(await reminders(first)).toHaveLength(1);
      expect(await events(first, "reminder-skipped")).toEqual([{ days: 1, endsAt: END.toISOString(), reason: "bought-again" }]);
    });

    it("sends none for a revoked (refunded) access, nor after the access ended", async () => {
      const refunded = await bed.deliveredOrder({}, T0);
      await recordRefund(bed.handle.db, refunded.id, { refundedCents: refunded.amount_cents, refundReference: "re_1" }, T0);
      await revokeOrderAccess(bed.handle.db, refunded, "refund", T0);
      const job = await bed.reminderJob(refunded, 7);
      await remind(job, runAt(job));
      expect(await reminders(refunded)).toEqual([]);
      expect(await events(refunded, "reminder-skipped")).toEqual([{ days: 7, endsAt: END.toISOString(), reason: "revoked" }]);

      const late = await bed.deliveredOrder({}, T0);
      await remind(await bed.reminderJob(late, 1), END);
      expect(await events(late, "reminder-skipped")).toEqual([{ days: 1, endsAt: END.toISOString(), reason: "ended" }]);
    });

    it("skips a reminder whose end moved (renewed), and takes the old order-keyed jobs to the order's access", async () => {
      const order = await bed.deliveredOrder({}, T0);
      const week = await bed.reminderJob(order, 7);
      const later = "2026-09-01T09:30:00.000Z";
      await bed.handle.db.updateTable("accesses").set({ ends_at: later }).where("id", "=", order.access_id).execute();
      await remind(week, runAt(week));
      expect(await reminders(order)).toEqual([]);
      expect(await events(order, "reminder-skipped")).toEqual([{ days: 7, endsAt: END.toISOString(), reason: "extended" }]);

      // Queued before accesses existed: `{ orderId, days }`, for the end that order paid.
      const legacy = { ...week, payload: JSON.stringify({ orderId: order.id, days: 1 }) };
      await remind(legacy, runAt(week));
      expect(await events(order, "reminder-skipped")).toHaveLength(2);
      const fresh = { ...week, payload: JSON.stringify({ accessId: order.access_id, endsAt: later, days: 7 }) };
      await remind(fresh, new Date("2026-08-25T09:30:00.000Z"));
      expect(await reminders(order)).toHaveLength(1);
      expect(await events(order, "reminder-sent")).toEqual([{ days: 7, endsAt: later }]);
    });

    it("gives up a job whose payload names no order", async () => {
      const job = { ...(await bed.reminderJob(await bed.deliveredOrder({}, T0), 7)) };
      await expect(remind({ ...job, payload: "{nope" }, T0)).rejects.toBeInstanceOf(GiveUp);
      await expect(remind({ ...job, payload: JSON.stringify({ orderId: "1", days: 7 }) }, T0)).rejects.toBeInstanceOf(GiveUp);
      await expect(remind({ ...job, payload: JSON.stringify({ orderId: 99_999, days: 7 }) }, T0)).rejects.toBeInstanceOf(GiveUp);
      await expect(expire({ ...job, payload: "[]" }, T0)).rejects.toBeInstanceOf(GiveUp);
    });
  });
}
