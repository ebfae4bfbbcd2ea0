/** `access.extended` and `access.revoked` reach the provisioning system signed, each once. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findAccessById } from "../../server/db/accesses.ts";
import { findOrderById } from "../../server/db/repositories.ts";
import type { Order } from "../../server/db/schema.ts";
import { JOB_KINDS } from "../../server/jobs/enqueue.ts";
import { testTargets } from "../../tests/support/databases.ts";
import { claimedJob, createWebhookTestBed, sharedSecret, type WebhookTestBed } from "../../tests/support/provisioning";
import { revokeOrderAccess } from "../access/revoke.server";
import { fulfilmentJobHandlers } from "./handlers.server";

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`the access events on ${target.dialect}`, () => {
    let t: WebhookTestBed;
    beforeAll(async () => {
      t = await createWebhookTestBed(target.dialect);
    });
    afterAll(() => t.cleanup());

    const send = async (type: string, order: Order, accessId: number) => {
      const now = new Date();
      t.clock.now = now;
      const handler = fulfilmentJobHandlers(async () => t.bed.services, {
        webhook: { url: t.receiver.url, secret: sharedSecret },
        operatorEmail: "ops@example.com",
      })[JOB_KINDS.accessEvent];
      const job = { ...claimedJob(JOB_KINDS.accessEvent, order, now), payload: JSON.stringify({ type, orderId: order.id, accessId }) };
      await handler.run(job, now);
    };

    it("tells of a paid renewal once, for the same access id, and fulfils the renewal on 2xx", async () => {
      const first = await t.bed.deliveredOrder({ plan_key: "standard", viewers: 1 });
      const renewal = await t.bed.paidRenewal(first.access_id!, { plan_key: "advanced", viewers: 2 });
      const before = t.receiver.received.length;
      t.receiver.answer({ status: 202 });
      await send("access.extended", renewal, first.access_id!);
      await send("access.extended", renewal, first.access_id!);
      const sent = t.receiver.received.slice(before);
      expect(sent).toHaveLength(1);
      expect(sent[0]?.verified).toBe(true);
      const access = await findAccessById(t.bed.handle.db, first.access_id!);
      expect(JSON.parse(sent[0]?.body ?? "{}")).toMatchObject({
        id: renewal.reference,
        type: "access.extended",
        access: { id: first.reference, endsAt: access?.ends_at, plan: { key: "advanced", periodMonths: 3 }, viewers: 2 },
        order: { reference: renewal.reference, period: { startsAt: renewal.access_starts_at, endsAt: renewal.access_ends_at } },
      });
      expect((await findOrderById(t.bed.handle.db, renewal.id))?.status).toBe("fulfilled");
    });

    it("tells of a revoked access once, with why", async () => {
      const first = await t.bed.deliveredOrder({});
      await revokeOrderAccess(t.bed.handle.db, first, "dispute");
      const before = t.receiver.received.length;
      t.receiver.answer({ status: 200 });
      await send("access.revoked", first, first.access_id!);
      await send("access.revoked", first, first.access_id!);
      const sent = t.receiver.received.slice(before);
      expect(sent).toHaveLength(1);
      expect(JSON.parse(sent[0]?.body ?? "{}")).toMatchObject({
        id: `${first.reference}.revoked`,
        type: "access.revoked",
        access: { id: first.reference, status: "revoked" },
        revoked: { reason: "dispute" },
      });
    });
  });
}
