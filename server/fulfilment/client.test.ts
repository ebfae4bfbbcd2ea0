import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestReceiver, type TestReceiver } from "../../tests/support/fake-provisioning.ts";
import type { Order } from "../db/schema.ts";
import { sendFulfilment } from "./client.ts";
import { paidOrderEvent } from "./payload.ts";

const secret = "a-shared-secret-of-at-least-32-characters";
const now = new Date("2026-01-31T09:30:00.000Z");
const order = {
  reference: "NS-7F3K-9QXD",
  plan_key: "advanced",
  viewers: 2,
  email: "camille@example.com",
  first_name: "Camille",
  last_name: "Durand",
  language: "fr",
} satisfies Partial<Order>;
const event = paidOrderEvent(order, now);

let receiver: TestReceiver;
beforeAll(async () => {
  receiver = await startTestReceiver(secret, () => now.getTime() / 1000);
});
afterAll(() => receiver.stop());

describe("telling the provisioning system", () => {
  it("posts the paid order, signed, with its reference as the delivery id", async () => {
    receiver.answer({ status: 200, body: { access: { username: "u" } } });
    const outcome = await sendFulfilment({ url: receiver.url, secret }, event, { now });
    expect(outcome).toEqual({ ok: true, status: 200, answer: { access: { username: "u" } } });
    const request = receiver.received.at(-1)!;
    expect(request).toMatchObject({ method: "POST", verified: true });
    expect(request.headers).toMatchObject({
      "content-type": "application/json",
      "webhook-id": "NS-7F3K-9QXD",
      "user-agent": "NovaStream-fulfilment/1",
    });
    expect(JSON.parse(request.body)).toEqual({
      id: "NS-7F3K-9QXD",
      type: "order.paid",
      created: 1_769_851_800,
      order: {
        reference: "NS-7F3K-9QXD",
        plan: { key: "advanced", name: "Gold", periodMonths: 3 },
        viewers: 2,
        customer: { email: "camille@example.com", firstName: "Camille", lastName: "Durand", language: "fr" },
        // Calendar months: 31 January plus three months is the last day of April.
        access: { startsAt: "2026-01-31T09:30:00.000Z", endsAt: "2026-04-30T09:30:00.000Z" },
      },
    });
  });

  it("takes any 2xx, with or without a JSON body", async () => {
    receiver.answer({ status: 202 });
    expect(await sendFulfilment({ url: receiver.url, secret }, event, { now })).toEqual({ ok: true, status: 202, answer: undefined });
    receiver.answer({ status: 200, body: "x".repeat(70_000) });
    expect(await sendFulfilment({ url: receiver.url, secret }, event, { now })).toEqual({ ok: true, status: 200, answer: undefined });
  });

  it("reports a refusal, a redirect, a wrong secret and a dead address in a few words, without the body", async () => {
    receiver.answer({ status: 503, body: { error: "secret-ish detail" } });
    expect(await sendFulfilment({ url: receiver.url, secret }, event, { now })).toEqual({ ok: false, status: 503, reason: "HTTP 503" });
    receiver.answer({ status: 302 });
    expect(await sendFulfilment({ url: receiver.url, secret }, event, { now })).toMatchObject({ ok: false, status: 302 });
    const wrong = await sendFulfilment({ url: receiver.url, secret: "another-secret-of-at-least-32-characters" }, event, { now });
    expect(wrong).toEqual({ ok: false, status: 401, reason: "HTTP 401" });
    expect(receiver.received.at(-1)?.verified).toBe(false);

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    expect(await sendFulfilment({ url: `http://127.0.0.1:${port}/`, secret }, event, { now })).toEqual({
      ok: false,
      status: null,
      reason: "ECONNREFUSED",
    });
  });

  it("gives up an attempt that takes too long", async () => {
    const hanging = createServer(() => {});
    await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
    const { port } = hanging.address() as AddressInfo;
    try {
      const outcome = await sendFulfilment({ url: `http://127.0.0.1:${port}/`, secret }, event, { now, timeoutMs: 200 });
      expect(outcome).toEqual({ ok: false, status: null, reason: "timed out after 200 ms" });
    } finally {
      hanging.closeAllConnections();
      await new Promise((resolve) => hanging.close(resolve));
    }
  });
});
