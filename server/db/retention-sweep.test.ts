import { readdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerWithEverything, someCustomer } from "../../tests/support/customer-data.ts";
import { createTestDatabase, type TestDatabase, testTargets } from "../../tests/support/databases.ts";
import { queueMail } from "../mail/mail-job.ts";
import { ACCOUNT_MAIL_KINDS } from "../mail/sign-in-mail.ts";
import { createMailTransport } from "../mail/transport.ts";
import { TRIAL_MAIL_KINDS } from "../mail/trial-mail.ts";
import { migrateToLatest } from "./database.ts";
import { mailJobKey } from "./mails.ts";
import { findOrderById } from "./repositories.ts";
import { retentionCutoff, sweepExpiredOrders } from "./retention-sweep.ts";

const NOW = new Date("2026-06-01T10:00:00.000Z");
const yearMs = 365.25 * 24 * 60 * 60_000;

describe("the retention cutoff", () => {
  it("is the same instant, the configured years earlier", () => {
    expect(retentionCutoff(NOW, 10)).toBe("2016-06-01T10:00:00.000Z");
    expect(retentionCutoff(new Date("2028-02-29T00:00:00.000Z"), 1)).toBe("2027-03-01T00:00:00.000Z");
  });
});

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`sweeping orders past their keeping on ${target.dialect}`, () => {
    let handle: TestDatabase;
    beforeAll(async () => {
      handle = await createTestDatabase(target.dialect);
      await migrateToLatest(handle.db, target.dialect);
    });
    afterAll(async () => handle?.cleanup());
    const subscriptionOf = (id: number) => handle.db.selectFrom("subscriptions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

    it("anonymises an order paid more than the years ago, with its invoice, mails and old access; keeps the rest", async () => {
      const who = someCustomer();
      const mine = await customerWithEverything(handle.db, who, NOW);
      const old = new Date(NOW.getTime() - 11 * yearMs).toISOString();
      await handle.db
        .updateTable("orders")
        .set({ client_address: "192.0.2.55", ip_country: "FR" })
        .where("id", "=", mine.ancient.id)
        .execute();
      await handle.db
        .insertInto("mails")
        .values({
          kind: "order-confirmation",
          to_address: who.email,
          subject: "Your order",
          body_text: `Hello ${who.firstName}`,
          body_html: null,
          order_id: mine.ancient.id,
          created_at: old,
          updated_at: old,
        })
        .execute();
      const ended = await handle.db
        .insertInto("accesses")
        .values({
          reference: mine.ancient.reference,
          email: who.email.toLowerCase(),
          plan_key: "standard",
          viewers: 1,
          status: "expired",
          details: "sealed-old-details",
          starts_at: old,
          ends_at: old,
          revoked_at: null,
          revoke_reason: null,
          created_at: old,
          updated_at: old,
        })
        .returning("id")
        .executeTakeFirstOrThrow();

      expect(await sweepExpiredOrders(handle.db, { retentionYears: 10, now: NOW })).toBe(1);

      expect(await findOrderById(handle.db, mine.ancient.id)).toMatchObject({
        first_name: "",
        last_name: "",
        phone: "",
        address: "",
        client_address: null,
        ip_country: null,
        email: expect.stringMatching(/@erased\.invalid$/),
      });
      const documents = await handle.db
        .selectFrom("invoices")
        .select("order_id")
        .where("order_id", "in", [mine.ancient.id, mine.paid.id])
        .execute();
      expect(documents).toEqual([{ order_id: mine.paid.id }]);
      expect(await handle.db.selectFrom("mails").select("id").where("order_id", "=", mine.ancient.id).execute()).toEqual([]);
      const oldAccess = await handle.db.selectFrom("accesses").selectAll().where("id", "=", ended.id).executeTakeFirstOrThrow();
      expect(oldAccess).toMatchObject({ details: null, email: expect.stringMatching(/@erased\.invalid$/), ends_at: old });

      // What is younger than the years stays as it was: the paid order, the failed one, the running access.
      expect(await findOrderById(handle.db, mine.paid.id)).toMatchObject({ first_name: who.firstName, email: who.email });
      expect(await findOrderById(handle.db, mine.failed.id)).toMatchObject({ first_name: who.firstName });
      const running = await handle.db.selectFrom("accesses").selectAll().where("id", "=", mine.accessId).executeTakeFirstOrThrow();
      expect(running).toMatchObject({ details: "sealed-details", email: who.email.toLowerCase() });
      // The old order's ended subscription went with it, and the card the test gateway kept for it; the running one stays.
      expect(await subscriptionOf(mine.endedSubscriptionId)).toMatchObject({
        email: expect.stringMatching(/@erased\.invalid$/),
        payment_method: null,
        card_last4: null,
        end_reason: "payment-failed",
      });
      expect(await handle.db.selectFrom("test_gateway_cards").select("id").where("id", "=", mine.keptCardId).execute()).toEqual([]);
      expect(await subscriptionOf(mine.subscriptionId)).toMatchObject({
        email: who.email.toLowerCase(),
        status: "active",
        card_last4: "4242",
      });
      // Nothing left to do: a second sweep finds nothing.
      expect(await sweepExpiredOrders(handle.db, { retentionYears: 10, now: NOW })).toBe(0);
    });

    it("leaves a subscription that still renews when its first order is swept, and forgets it once it has ended", async () => {
      const who = someCustomer();
      const mine = await customerWithEverything(handle.db, who, NOW);
      const old = new Date(NOW.getTime() - 11 * yearMs).toISOString();
      await handle.db.updateTable("orders").set({ paid_at: old }).where("id", "=", mine.paid.id).execute();

      await sweepExpiredOrders(handle.db, { retentionYears: 10, now: NOW });
      expect(await findOrderById(handle.db, mine.paid.id)).toMatchObject({ first_name: "" });
      expect(await subscriptionOf(mine.subscriptionId)).toMatchObject({ email: who.email.toLowerCase(), status: "active" });

      await handle.db
        .updateTable("subscriptions")
        .set({ status: "ended", end_reason: "stopped" })
        .where("id", "=", mine.subscriptionId)
        .execute();
      await sweepExpiredOrders(handle.db, { retentionYears: 10, now: NOW });
      expect(await subscriptionOf(mine.subscriptionId)).toMatchObject({
        email: expect.stringMatching(/@erased\.invalid$/),
        processor_subscription_id: null,
        processor_customer_id: null,
        card_last4: null,
        pay_url: null,
      });
    });

    it("deletes the sign-in, step-up and trial code mails once their codes are forgotten, and the outbox's files of every mail it deletes", async () => {
      const who = someCustomer();
      const mine = await customerWithEverything(handle.db, who, NOW);
      const old = new Date(NOW.getTime() - 11 * yearMs);
      const mail = (kind: string, at: Date, orderId?: number) =>
        queueMail(handle.db, { kind, to: who.email, subject: "Your code", text: "Your code: 123456", html: "", orderId }, at);
      const dayBefore = new Date(NOW.getTime() - 25 * 60 * 60_000);
      const stale = [
        await mail(ACCOUNT_MAIL_KINDS.signIn, dayBefore),
        await mail(ACCOUNT_MAIL_KINDS.stepUp, dayBefore),
        await mail(TRIAL_MAIL_KINDS.code, dayBefore),
        await mail(TRIAL_MAIL_KINDS.refused, dayBefore),
        await mail("order-confirmation", old, mine.ancient.id),
      ];
      const hourBefore = new Date(NOW.getTime() - 60 * 60_000);
      const recent = [
        await mail(ACCOUNT_MAIL_KINDS.signIn, hourBefore),
        await mail(TRIAL_MAIL_KINDS.code, hourBefore),
        await mail("order-confirmation", NOW),
      ];
      const outbox = await mkdtemp(join(tmpdir(), "sweep-outbox-"));
      try {
        const transport = createMailTransport({ outboxDirectory: outbox, from: "Shop <shop@example.com>" });
        for (const { id, kind } of [...stale, ...recent])
          await transport.send({ to: who.email, subject: "-", text: "-", html: "", kind, mailId: id });

        await sweepExpiredOrders(handle.db, { retentionYears: 10, now: NOW, outboxDirectory: outbox });
        const left = await handle.db
          .selectFrom("mails")
          .select("id")
          .where(
            "id",
            "in",
            [...stale, ...recent].map((kept) => kept.id),
          )
          .execute();
        expect(left.map((row) => row.id).sort()).toEqual(recent.map((kept) => kept.id).sort());
        expect(readdirSync(outbox)).toHaveLength(recent.length);
        const jobs = await handle.db
          .selectFrom("jobs")
          .select("unique_key")
          .where(
            "unique_key",
            "in",
            stale.map((gone) => mailJobKey(gone.id)),
          )
          .execute();
        expect(jobs).toEqual([]);
      } finally {
        await rm(outbox, { recursive: true, force: true });
      }
    });

    it("goes through a backlog batch by batch", async () => {
      const people = [someCustomer(), someCustomer(), someCustomer()];
      for (const who of people) await customerWithEverything(handle.db, who, NOW);
      expect(await sweepExpiredOrders(handle.db, { retentionYears: 10, now: NOW, batchSize: 2 })).toBe(3);
    });
  });
}
