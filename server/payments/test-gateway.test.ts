import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { migrateToLatest } from "../db/database.ts";
import type { PaymentRecord } from "./gateway.ts";
import { createTestGateway, type TestGateway, testCards } from "./test-gateway.ts";

let handle: TestDatabase;
let gateway: TestGateway;
let orders = 0;

beforeAll(async () => {
  handle = await createTestDatabase("sqlite");
  await migrateToLatest(handle.db, "sqlite");
  gateway = createTestGateway({ db: handle.db, delayMs: 0 });
});
afterAll(() => handle.cleanup());

async function charge(number: string) {
  const reference = `NS-TEST-${String(++orders).padStart(4, "0")}`;
  const result = await gateway.charge({
    reference,
    amountCents: 2000,
    currency: "EUR",
    card: { number, expiry: "12/30", cvv: "123", brand: "visa" },
  });
  const record: PaymentRecord = {
    reference,
    paymentSessionId: null,
    gatewayReference: result.gatewayReference ?? null,
    amountCents: 2000,
    currency: "EUR",
    refundedCents: 0,
  };
  return { result, record };
}

describe("the test gateway", () => {
  it("approves 4242 4242 4242 4242 and says so when asked later", async () => {
    const { result, record } = await charge("4242424242424242");
    expect(result).toMatchObject({ status: "approved", gatewayReference: expect.stringMatching(/^test_/) });
    expect(await gateway.lookup(record)).toEqual({ status: "paid", gatewayReference: result.gatewayReference, refundedCents: 0 });
  });

  it("declines 4000 0000 0000 0002", async () => {
    expect((await charge("4000000000000002")).result).toMatchObject({ status: "declined", reason: "declined" });
  });

  it.each(Object.entries(testCards).filter(([, outcome]) => !["approved", "authenticationRequired"].includes(outcome)))(
    "gives %s its documented outcome %s, and remembers it",
    async (number, reason) => {
      const { result, record } = await charge(number);
      expect(result).toMatchObject({ status: "declined", reason });
      expect(await gateway.lookup(record)).toMatchObject({ status: "failed", reason });
    },
  );

  it("asks for authentication with 4000 0027 6000 3184, pending until the cardholder answers, once", async () => {
    const approved = await charge("4000002760003184");
    expect(approved.result.status).toBe("requiresAction");
    const paymentId = approved.result.gatewayReference!;
    expect(await gateway.lookup(approved.record)).toEqual({ status: "pending" });
    expect(await gateway.pendingAuthentication(paymentId)).toMatchObject({ order_reference: approved.record.reference });
    expect(await gateway.authenticate(paymentId, true)).toMatchObject({ status: "succeeded" });
    expect(await gateway.authenticate(paymentId, false)).toBeUndefined();
    expect(await gateway.pendingAuthentication(paymentId)).toBeUndefined();
    expect(await gateway.lookup(approved.record)).toMatchObject({ status: "paid" });

    const refused = await charge("4000002760003184");
    await gateway.authenticate(refused.result.gatewayReference!, false);
    expect(await gateway.lookup(refused.record)).toMatchObject({ status: "failed", reason: "authenticationFailed" });
  });

  it("knows nothing of an order it was never asked to charge (a crash before the charge)", async () => {
    const record = {
      reference: "NS-NONE-0000",
      paymentSessionId: null,
      gatewayReference: null,
      amountCents: 1,
      currency: "EUR",
      refundedCents: 0,
    };
    expect(await gateway.lookup(record)).toEqual({ status: "unknown" });
  });

  it("finds the payment by the order reference alone, as reconciliation after a crash must", async () => {
    const { record } = await charge("4242424242424242");
    expect(await gateway.lookup({ ...record, gatewayReference: null })).toMatchObject({ status: "paid" });
  });

  it("refunds once, even when asked twice at the same moment, and refuses more than was paid", async () => {
    const { record } = await charge("4242424242424242");
    const [first, second] = await Promise.all([gateway.refund(record), gateway.refund(record)]);
    expect(first).toEqual(second);
    expect(first.refundedCents).toBe(2000);
    expect(await gateway.lookup(record)).toMatchObject({ status: "paid", refundedCents: 2000 });
    await expect(gateway.refund({ ...record, refundedCents: 2000 })).rejects.toThrow(/nothing left to refund/);
  });

  it("refunds part, then the rest", async () => {
    const { record } = await charge("4242424242424242");
    expect(await gateway.refund(record, 500)).toMatchObject({ refundedCents: 500 });
    expect(await gateway.refund({ ...record, refundedCents: 500 })).toMatchObject({ refundedCents: 2000 });
  });

  it("will not refund a declined payment", async () => {
    const { record } = await charge("4000000000000002");
    await expect(gateway.refund(record)).rejects.toThrow(/no payment to refund/);
  });

  it("says it is in test mode", () => {
    expect(gateway.testMode).toBe(true);
  });
});
