import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testTargets } from "../../tests/support/databases.ts";
import { newOrder } from "../../tests/support/new-order.ts";
import { migrateToLatest } from "./database.ts";
import {
  confirmSubscription,
  createOrder,
  findOrderById,
  findOrderByReference,
  findSubscriberByEmail,
  markContactMessageMailSent,
  markOrderConfirmationMailSent,
  markOrderFailed,
  markOrderPaid,
  newOrderReference,
  saveContactMessage,
  subscribeToNewsletter,
  unsubscribe,
} from "./repositories.ts";

const T0 = new Date("2026-03-01T09:30:00.000Z");
const later = (ms: number) => new Date(T0.getTime() + ms);

/** A unique address per test, so the tests of one file can share a database. */
const uniqueEmail = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;

describe("order references", () => {
  it("look like NS-7F3K-9QXD, without ambiguous letters, and differ every time", () => {
    const references = new Set(Array.from({ length: 1000 }, () => newOrderReference()));
    expect(references.size).toBe(1000);
    for (const reference of references) expect(reference).toMatch(/^NS-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(newOrderReference("AB")).toMatch(/^AB-/);
  });
});

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`repositories on ${target.dialect}`, () => {
    let handle: TestDatabase;
    beforeAll(async () => {
      handle = await createTestDatabase(target.dialect);
      await migrateToLatest(handle.db, target.dialect);
    });
    afterAll(async () => {
      await handle?.cleanup();
    });

    describe("orders", () => {
      it("are created pending, with a reference and both timestamps", async () => {
        const { order, created } = await createOrder(handle.db, newOrder(), T0);
        expect(created).toBe(true);
        expect(order).toMatchObject({
          status: "pending",
          plan_key: "advanced",
          viewers: 2,
          amount_cents: 2900,
          currency: "EUR",
          language: "fr",
        });
        expect(order).toMatchObject({ gateway_reference: null, failure_reason: null, confirmation_mail_sent_at: null });
        expect(order.reference).toMatch(/^NS-\w{4}-\w{4}$/);
        expect(typeof order.id).toBe("number");
        expect(order.created_at).toBe("2026-03-01T09:30:00.000Z");
        expect(order.updated_at).toBe(order.created_at);
      });

      it("store only the order's own fields, whatever else the caller passes", async () => {
        const form = { ...newOrder(), card_number: "4242424242424242", cvv: "123" };
        const { order } = await createOrder(handle.db, form, T0);
        expect(order).not.toHaveProperty("card_number");
        expect(JSON.stringify(order)).not.toContain("4242424242424242");
      });

      it("with the same idempotency key twice give one order", async () => {
        const input = newOrder();
        const first = await createOrder(handle.db, input, T0);
        const second = await createOrder(handle.db, { ...input, first_name: "Someone else" }, later(1000));
        expect(second.created).toBe(false);
        expect(second.order).toEqual(first.order);
      });

      it("with the same idempotency key 20 times at once give one row", async () => {
        const input = newOrder();
        const results = await Promise.all(Array.from({ length: 20 }, () => createOrder(handle.db, input, T0)));
        expect(results.filter((result) => result.created)).toHaveLength(1);
        expect(new Set(results.map((result) => result.order.id)).size).toBe(1);
        const rows = await handle.db.selectFrom("orders").select("id").where("idempotency_key", "=", input.idempotency_key).execute();
        expect(rows).toHaveLength(1);
      });

      it("with the same key from two separate connections at once give one row", async () => {
        const other = handle.openAnother();
        const input = newOrder();
        const results = await Promise.all([handle.db, other, handle.db, other].map((db) => createOrder(db, input, T0)));
        expect(results.filter((result) => result.created)).toHaveLength(1);
        expect(new Set(results.map((result) => result.order.reference)).size).toBe(1);
      });

      it("are found by reference, whatever the case and spacing", async () => {
        const { order } = await createOrder(handle.db, newOrder(), T0);
        expect(await findOrderByReference(handle.db, order.reference)).toEqual(order);
        expect(await findOrderByReference(handle.db, ` ${order.reference.toLowerCase()} `)).toEqual(order);
        expect(await findOrderByReference(handle.db, "NS-0000-0000")).toBeUndefined();
      });

      it("go from pending to paid once", async () => {
        const { order } = await createOrder(handle.db, newOrder(), T0);
        const paid = await markOrderPaid(handle.db, order.id, { gatewayReference: "test_ch_1" }, later(5000));
        expect(paid).toMatchObject({ status: "paid", gateway_reference: "test_ch_1", failure_reason: null });
        expect(paid?.created_at).toBe(order.created_at);
        expect(paid?.updated_at).toBe(later(5000).toISOString());
        expect(await markOrderPaid(handle.db, order.id, { gatewayReference: "test_ch_2" })).toBeUndefined();
        expect(await markOrderFailed(handle.db, order.id, { reason: "declined" })).toBeUndefined();
        expect(await findOrderById(handle.db, order.id)).toMatchObject({ status: "paid", gateway_reference: "test_ch_1" });
      });

      it("go from pending to failed with the reason, and then stay failed", async () => {
        const { order } = await createOrder(handle.db, newOrder(), T0);
        const failed = await markOrderFailed(handle.db, order.id, { reason: "card_declined", gatewayReference: "test_ch_3" }, later(1));
        expect(failed).toMatchObject({ status: "failed", failure_reason: "card_declined", gateway_reference: "test_ch_3" });
        expect(failed?.updated_at).toBe(later(1).toISOString());
        expect(await markOrderPaid(handle.db, order.id, { gatewayReference: null })).toBeUndefined();
        expect(await markOrderPaid(handle.db, 987_654_321, { gatewayReference: null })).toBeUndefined();
      });

      it("become paid after all when a payment turns up for an order failed as abandoned", async () => {
        const { order } = await createOrder(handle.db, newOrder(), T0);
        await markOrderFailed(handle.db, order.id, { reason: "abandoned" });
        expect(await markOrderPaid(handle.db, order.id, { gatewayReference: "test_late" })).toMatchObject({
          status: "paid",
          failure_reason: null,
        });
        expect(await markOrderPaid(handle.db, order.id, { gatewayReference: "test_again" })).toBeUndefined();
      });

      it("record the confirmation mail once", async () => {
        const { order } = await createOrder(handle.db, newOrder(), T0);
        expect(await markOrderConfirmationMailSent(handle.db, order.id, later(10))).toBe(true);
        expect(await markOrderConfirmationMailSent(handle.db, order.id, later(20))).toBe(false);
        expect((await findOrderById(handle.db, order.id))?.confirmation_mail_sent_at).toBe(later(10).toISOString());
      });
    });

    describe("contact messages", () => {
      it("are saved with their timestamps and the mail noted once", async () => {
        const input = { name: "Ana", email: "ana@example.com", subject: "Hola", message: "¿Qué tal? 👋", language: "es" as const };
        const message = await saveContactMessage(handle.db, input, T0);
        expect(message).toMatchObject({ ...input, mail_sent_at: null, created_at: T0.toISOString(), updated_at: T0.toISOString() });
        expect(await markContactMessageMailSent(handle.db, message.id, later(1))).toBe(true);
        expect(await markContactMessageMailSent(handle.db, message.id, later(2))).toBe(false);
      });
    });

    describe("newsletter", () => {
      it("stores a new address lower-cased, unconfirmed, with a token", async () => {
        const email = uniqueEmail("New");
        const { status, subscriber } = await subscribeToNewsletter(handle.db, { email: `  ${email.toUpperCase()} `, language: "en" }, T0);
        expect(status).toBe("created");
        expect(subscriber).toMatchObject({ email: email.toLowerCase(), language: "en", confirmed_at: null, unsubscribed_at: null });
        expect(subscriber.confirmation_token).toMatch(/^[\w-]{43}$/);
        expect(subscriber.created_at).toBe(T0.toISOString());
      });

      it("treats the same address in another case as already subscribed", async () => {
        const email = uniqueEmail("twice");
        const first = await subscribeToNewsletter(handle.db, { email, language: "en" }, T0);
        const second = await subscribeToNewsletter(handle.db, { email: email.toUpperCase(), language: "fr" }, later(1));
        expect(second.status).toBe("already-subscribed");
        expect(second.subscriber).toEqual(first.subscriber);
        const rows = await handle.db.selectFrom("newsletter_subscribers").select("id").where("email", "=", email).execute();
        expect(rows).toHaveLength(1);
      });

      it("keeps one row when the same address signs up many times at once", async () => {
        const email = uniqueEmail("rush");
        const results = await Promise.all(
          Array.from({ length: 10 }, (_, index) =>
            subscribeToNewsletter(handle.db, { email: index % 2 ? email : email.toUpperCase(), language: "es" }),
          ),
        );
        expect(results.filter((result) => result.status === "created")).toHaveLength(1);
        expect(new Set(results.map((result) => result.subscriber.id)).size).toBe(1);
      });

      it("confirms by token once; unknown tokens are reported", async () => {
        const { subscriber } = await subscribeToNewsletter(handle.db, { email: uniqueEmail("confirm"), language: "fr" }, T0);
        const confirmed = await confirmSubscription(handle.db, subscriber.confirmation_token, later(60_000));
        expect(confirmed).toMatchObject({ status: "confirmed", subscriber: { confirmed_at: later(60_000).toISOString() } });
        expect(confirmed.status === "confirmed" && confirmed.subscriber.updated_at).toBe(later(60_000).toISOString());
        const again = await confirmSubscription(handle.db, subscriber.confirmation_token, later(120_000));
        expect(again).toMatchObject({ status: "already-confirmed", subscriber: { confirmed_at: later(60_000).toISOString() } });
        expect(await confirmSubscription(handle.db, "no-such-token")).toEqual({ status: "unknown-token" });
        expect(await confirmSubscription(handle.db, "")).toEqual({ status: "unknown-token" });
      });

      it("unsubscribes by token once; unknown tokens are reported", async () => {
        const email = uniqueEmail("leave");
        const { subscriber } = await subscribeToNewsletter(handle.db, { email, language: "en" }, T0);
        const left = await unsubscribe(handle.db, subscriber.confirmation_token, later(1000));
        expect(left).toMatchObject({ status: "unsubscribed", subscriber: { unsubscribed_at: later(1000).toISOString() } });
        expect(await unsubscribe(handle.db, subscriber.confirmation_token)).toMatchObject({ status: "already-unsubscribed" });
        expect(await unsubscribe(handle.db, "no-such-token")).toEqual({ status: "unknown-token" });
        // An old confirmation link does not bring an unsubscribed address back.
        expect(await confirmSubscription(handle.db, subscriber.confirmation_token)).toMatchObject({
          status: "unsubscribed",
          subscriber: { confirmed_at: null },
        });
      });

      it("resubscribes an unsubscribed address: fresh token, unconfirmed, new language", async () => {
        const email = uniqueEmail("back");
        const { subscriber } = await subscribeToNewsletter(handle.db, { email, language: "en" }, T0);
        await confirmSubscription(handle.db, subscriber.confirmation_token, later(1));
        await unsubscribe(handle.db, subscriber.confirmation_token, later(2));
        const back = await subscribeToNewsletter(handle.db, { email: email.toUpperCase(), language: "es" }, later(3));
        expect(back.status).toBe("resubscribed");
        expect(back.subscriber).toMatchObject({ id: subscriber.id, language: "es", confirmed_at: null, unsubscribed_at: null });
        expect(back.subscriber.confirmation_token).not.toBe(subscriber.confirmation_token);
        expect(back.subscriber.created_at).toBe(T0.toISOString());
        expect(back.subscriber.updated_at).toBe(later(3).toISOString());
        expect(await confirmSubscription(handle.db, subscriber.confirmation_token)).toEqual({ status: "unknown-token" });
        expect(await confirmSubscription(handle.db, back.subscriber.confirmation_token)).toMatchObject({ status: "confirmed" });
        expect(await findSubscriberByEmail(handle.db, email)).toMatchObject({ id: subscriber.id, language: "es" });
      });
    });
  });
}
