import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { open } from "../../server/admin/secret-box.ts";
import { findOrderById } from "../../server/db/repositories.ts";
import type { Order } from "../../server/db/schema.ts";
import { GiveUp } from "../../server/jobs/runner.ts";
import { openedBody } from "../../server/mail/mail-job.ts";
import { testTargets } from "../../tests/support/databases.ts";
import { answeredAccess, at, createWebhookTestBed, T0, type WebhookTestBed } from "../../tests/support/provisioning";

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`the provisioning webhook job on ${target.dialect}`, () => {
    let t: WebhookTestBed;
    beforeAll(async () => {
      t = await createWebhookTestBed(target.dialect);
    });
    afterAll(() => t.cleanup());
    beforeEach(() => {
      t.clock.now = T0;
    });
    const accessMails = (order: Order) =>
      t.bed.handle.db.selectFrom("mails").selectAll().where("order_id", "=", order.id).where("kind", "=", "order-access").execute();

    it("delivers the order with the details the provisioning system answers, mailing them sealed in the customer's language", async () => {
      const order = await t.bed.paidOrder({ language: "es" });
      t.receiver.answer({ status: 200, body: { access: answeredAccess } });
      expect((await t.attempt(order, 1, T0)).error).toBeUndefined();

      const request = t.receiver.received.at(-1)!;
      expect(request.verified).toBe(true);
      expect(request.headers["webhook-id"]).toBe(order.reference);
      expect(JSON.parse(request.body)).toMatchObject({ id: order.reference, type: "order.paid", order: { reference: order.reference } });

      const stored = (await findOrderById(t.bed.handle.db, order.id))!;
      expect(stored).toMatchObject({ status: "fulfilled", access_starts_at: T0.toISOString(), access_ends_at: "2026-04-30T09:30:00.000Z" });
      expect(JSON.parse(open(t.bed.services.accessKey!, (await t.bed.sealedDetailsOf(stored))!))).toEqual(answeredAccess);
      const [mail, ...more] = await accessMails(order);
      expect(more).toEqual([]);
      expect(mail!.body_text).not.toContain(answeredAccess.password);
      const sent = openedBody(mail!.body_text, t.bed.services.accessKey!);
      expect(sent).toContain(`Contraseña: ${answeredAccess.password}`);
      expect(sent).toContain(answeredAccess.note);

      const events = await t.eventsOf(order);
      expect(events.map(({ type, actor }) => `${type}:${actor}`)).toEqual(["provisioning-attempt:system", "delivered:provisioning"]);
      expect(JSON.parse(events[0]!.details!)).toEqual({ attempt: 1, status: 200 });
      expect(JSON.stringify(events)).not.toContain(answeredAccess.password);
      expect(JSON.stringify(events)).not.toContain(answeredAccess.username);
    });

    it("retries a system that is down (refused, then 503) and delivers when it is back", async () => {
      const order = await t.bed.paidOrder({ language: "fr" });
      await t.receiver.stop();
      const first = await t.attempt(order, 1, T0);
      expect(first.error?.message).toContain("ECONNREFUSED");
      expect(first.error).not.toBeInstanceOf(GiveUp);
      expect(first.retryIn).toBe(30_000);

      await t.receiver.start();
      t.receiver.answer({ status: 503 }, { status: 200, body: { access: answeredAccess } });
      const second = await t.attempt(order, 2, at(30_000));
      expect(second.error?.message).toContain("HTTP 503");
      expect(second.retryIn).toBe(60_000);
      expect(await findOrderById(t.bed.handle.db, order.id)).toMatchObject({ status: "paid" });

      expect((await t.attempt(order, 3, at(90_000))).error).toBeUndefined();
      expect(await findOrderById(t.bed.handle.db, order.id)).toMatchObject({
        status: "fulfilled",
        access_starts_at: at(90_000).toISOString(),
      });
      expect(await accessMails(order)).toHaveLength(1);
      const attempts = (await t.eventsOf(order)).filter((event) => event.type === "provisioning-attempt");
      expect(attempts.map((event) => JSON.parse(event.details!))).toEqual([
        { attempt: 1, status: null, error: "ECONNREFUSED" },
        { attempt: 2, status: 503, error: "HTTP 503" },
        { attempt: 3, status: 200 },
      ]);

      // Run again after the delivery (a lapsed claim): nothing is sent, nothing changes.
      const requests = t.receiver.received.length;
      expect((await t.attempt(order, 4, at(120_000))).error).toBeUndefined();
      expect(t.receiver.received).toHaveLength(requests);
    });

    it("leaves the order to the operator on a 2xx without usable details", async () => {
      for (const answer of [
        { status: 202 },
        { status: 200, body: { received: true } },
        { status: 200, body: { access: { ...answeredAccess, serverUrl: "ftp://tv.example.net" } } },
        { status: 200, body: { access: { ...answeredAccess, password: "  " } } },
        { status: 200, body: { access: { ...answeredAccess, password: 1234 } } },
      ]) {
        const order = await t.bed.paidOrder();
        t.receiver.answer(answer);
        expect((await t.attempt(order, 1, T0)).error).toBeUndefined();
        expect(await findOrderById(t.bed.handle.db, order.id)).toMatchObject({ status: "paid", access_id: null });
        expect((await t.eventsOf(order)).map((event) => event.type)).toEqual(["provisioning-attempt", "provisioning-accepted"]);
        expect(await accessMails(order)).toEqual([]);
      }
      // Details are never stored without the key: accepted, and the operator delivers once the key is set.
      const order = await t.bed.paidOrder();
      t.receiver.answer({ status: 200, body: { access: answeredAccess } });
      expect((await t.attempt(order, 1, T0, t.handler({ withKey: false }))).error).toBeUndefined();
      expect(await findOrderById(t.bed.handle.db, order.id)).toMatchObject({ status: "paid", access_id: null });
    });

    it("does not ask again after a 2xx was recorded, when the job runs again (its end unrecorded, its claim lapsed)", async () => {
      const order = await t.bed.paidOrder();
      t.receiver.answer({ status: 202 });
      expect((await t.attempt(order, 1, T0)).error).toBeUndefined();
      const requests = t.receiver.received.length;

      expect((await t.attempt(order, 2, at(60_000))).error).toBeUndefined();
      expect(t.receiver.received).toHaveLength(requests);
      expect((await t.eventsOf(order)).map((event) => event.type)).toEqual(["provisioning-attempt", "provisioning-accepted"]);
    });
  });
}
