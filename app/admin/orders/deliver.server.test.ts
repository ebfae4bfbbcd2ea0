import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { open } from "../../../server/admin/secret-box.ts";
import { mailJobKey } from "../../../server/db/mails.ts";
import { listOrderEvents } from "../../../server/db/order-events.ts";
import { findOrderById } from "../../../server/db/repositories.ts";
import type { Order } from "../../../server/db/schema.ts";
import { openedBody } from "../../../server/mail/mail-job.ts";
import { testTargets } from "../../../tests/support/databases.ts";
import { createOrderTestBed, type OrderTestBed } from "../../../tests/support/orders";
import { deliverAccess } from "./deliver.server";
import { loadOrderPage } from "./order-page.server";

const T0 = new Date("2026-01-31T09:30:00.000Z");
const form = {
  intent: "deliver",
  username: "camille_2026",
  password: "Tr0ub4dor&3-unique",
  serverUrl: "https://tv.example.net:8080",
  playlistUrl: "https://tv.example.net/get.php?type=m3u",
  note: "Install IPTV Smarters first.",
};

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`delivering access on ${target.dialect}`, () => {
    let bed: OrderTestBed;
    beforeAll(async () => {
      bed = await createOrderTestBed(target.dialect);
    });
    afterAll(() => bed.handle.cleanup());

    const mailsOf = (order: Order) => bed.mailsOf(order);
    const jobOf = (mailId: number) =>
      bed.handle.db.selectFrom("jobs").selectAll().where("unique_key", "=", mailJobKey(mailId)).executeTakeFirstOrThrow();
    const auditOf = (order: Order) => bed.auditOf(order);

    it("seals the details, fulfils the order for the plan's calendar months, and mails the customer in their language", async () => {
      const order = await bed.paidOrder({ language: "fr" });
      const result = await deliverAccess(bed.services, bed.operator, order, form, "203.0.113.9", T0);
      expect(result).toMatchObject({
        intent: "deliver",
        ok: true,
        message: { key: "orders.deliver.done", values: { email: order.email } },
      });

      const stored = (await findOrderById(bed.handle.db, order.id))!;
      expect(stored).toMatchObject({
        status: "fulfilled",
        access_starts_at: "2026-01-31T09:30:00.000Z",
        access_ends_at: "2026-04-30T09:30:00.000Z",
      });
      const sealed = await bed.sealedDetailsOf(stored);
      expect(sealed).toMatch(/^v1\./);
      for (const secret of [form.password, form.username, form.serverUrl]) expect(sealed).not.toContain(secret);
      expect(JSON.parse(open(bed.services.accessKey!, sealed!))).toEqual({ ...form, intent: undefined });
      expect(await bed.handle.db.selectFrom("accesses").selectAll().where("id", "=", stored.access_id!).executeTakeFirst()).toMatchObject({
        reference: order.reference,
        email: order.email.toLowerCase(),
        status: "active",
        starts_at: "2026-01-31T09:30:00.000Z",
        ends_at: "2026-04-30T09:30:00.000Z",
      });

      const access = (await mailsOf(order)).find((mail) => mail.kind === "order-access")!;
      expect(access).toMatchObject({ to_address: order.email });
      expect(await jobOf(access.id)).toMatchObject({ kind: "mail", done_at: null });
      // Stored sealed like the details, and opened only to be sent.
      for (const secret of [form.password, form.username]) expect(`${access.body_text}${access.body_html}`).not.toContain(secret);
      const sent = openedBody(access.body_text, bed.services.accessKey!);
      expect(sent).toContain(`Mot de passe\u00a0: ${form.password}`);
      expect(sent).toContain("/fr/blog?category=devices");

      const events = await listOrderEvents(bed.handle.db, order.id);
      expect(events.filter((event) => event.type === "delivered")).toEqual([expect.objectContaining({ actor: bed.operator.email })]);
      const audit = await auditOf(order);
      expect(audit).toEqual([expect.objectContaining({ action: "deliver", operator_id: bed.operator.id, address: "203.0.113.9" })]);
      for (const text of [...events.map((event) => event.details ?? ""), ...audit.map((entry) => entry.details ?? "")]) {
        expect(text).not.toContain(form.password);
        expect(text).not.toContain(form.username);
      }
    });

    it("shows the operator what was delivered, and says so when the key cannot open it", async () => {
      const order = await bed.paidOrder();
      await deliverAccess(bed.services, bed.operator, order, form, "203.0.113.9");
      const page = (await loadOrderPage(bed.services, order.reference.toLowerCase()))!;
      expect(page.access).toEqual({ state: "open", details: expect.objectContaining({ password: form.password, note: form.note }) });
      expect(page.order).not.toHaveProperty("access_details");
      expect(page.timeline.map((entry) => (entry.kind === "event" ? entry.type : `${entry.mailKind}:${entry.state}`))).toEqual(
        expect.arrayContaining(["paid", "order-confirmation:queued", "delivered", "order-access:queued"]),
      );
      expect(JSON.stringify(page.timeline)).not.toContain(form.password);
      expect((await loadOrderPage({ ...bed.services, accessKey: randomBytes(32) }, order.reference))!.access).toEqual({ state: "locked" });
      expect((await loadOrderPage({ ...bed.services, accessKey: null }, order.reference))!.access).toEqual({ state: "locked" });
      expect(await loadOrderPage(bed.services, "NS-NONE-0000")).toBeUndefined();
    });

    it("delivers once: a second delivery, even at the same moment from another tab, is refused", async () => {
      const order = await bed.paidOrder();
      const results = await Promise.all([
        deliverAccess(bed.services, bed.operator, order, form, "203.0.113.9"),
        deliverAccess(bed.services, bed.operator, order, { ...form, password: "other" }, "203.0.113.10"),
      ]);
      expect(results.map((result) => result.ok).sort()).toEqual([false, true]);
      expect(results.find((result) => !result.ok)?.message?.key).toBe("orders.deliver.already");
      const delivered = (await findOrderById(bed.handle.db, order.id))!;
      expect(await deliverAccess(bed.services, bed.operator, delivered, form, "203.0.113.9")).toMatchObject({
        ok: false,
        message: { key: "orders.deliver.already" },
      });
      expect((await mailsOf(order)).filter((mail) => mail.kind === "order-access")).toHaveLength(1);
      expect((await listOrderEvents(bed.handle.db, order.id)).filter((event) => event.type === "delivered")).toHaveLength(1);
    });

    it("refuses without an encryption key, keeping what was typed and storing nothing", async () => {
      const order = await bed.paidOrder();
      const result = await deliverAccess({ ...bed.services, accessKey: null }, bed.operator, order, form, "203.0.113.9");
      expect(result).toMatchObject({ ok: false, message: { key: "orders.deliver.noKey" }, values: { password: form.password } });
      expect(await findOrderById(bed.handle.db, order.id)).toMatchObject({ status: "paid", access_id: null });
      expect((await mailsOf(order)).map((mail) => mail.kind)).toEqual(["order-confirmation"]);
    });

    it("checks the fields: required, http(s) addresses, lengths; and keeps what was typed", async () => {
      const order = await bed.paidOrder();
      const typed = {
        ...form,
        password: "  ",
        serverUrl: "javascript:alert(1)",
        playlistUrl: "ftp://tv.example.net/list",
        username: "x".repeat(201),
      };
      const result = await deliverAccess(bed.services, bed.operator, order, typed, "203.0.113.9");
      expect(result).toMatchObject({
        ok: false,
        message: { key: "orders.deliver.invalid" },
        errors: { password: "required", serverUrl: "url", playlistUrl: "url", username: "tooLong" },
        values: { serverUrl: "javascript:alert(1)", note: form.note },
      });
      expect(result.errors).not.toHaveProperty("note");
      const { note: _note, ...withoutNote } = form;
      expect((await deliverAccess(bed.services, bed.operator, order, { ...withoutNote, password: "" }, "x")).errors).toEqual({
        password: "required",
      });
      expect(await findOrderById(bed.handle.db, order.id)).toMatchObject({ status: "paid", access_id: null });
    });

    it("delivers only paid orders", async () => {
      const order = await bed.pendingOrder();
      expect(await deliverAccess(bed.services, bed.operator, order, form, "203.0.113.9")).toMatchObject({
        ok: false,
        message: { key: "orders.deliver.notPaid" },
      });
      expect(await findOrderById(bed.handle.db, order.id)).toMatchObject({ status: "pending", access_id: null });
    });
  });
}
