import { describe, expect, it } from "vitest";
import { createTestGateway, testCards } from "./test-gateway.ts";

const charge = (number: string) =>
  createTestGateway({ delayMs: 0 }).charge({
    reference: "NS-TEST-0001",
    amountCents: 2000,
    currency: "EUR",
    card: { number, expiry: "12/30", cvv: "123", brand: "visa" },
  });

describe("the test gateway", () => {
  it("approves 4242 4242 4242 4242", async () => {
    expect(await charge("4242424242424242")).toMatchObject({ approved: true, gatewayReference: expect.stringMatching(/^test_/) });
  });

  it("declines 4000 0000 0000 0002", async () => {
    expect(await charge("4000000000000002")).toMatchObject({ approved: false, reason: "declined" });
  });

  it.each(Object.entries(testCards).filter(([, outcome]) => outcome !== "approved"))(
    "gives %s its documented outcome %s",
    async (number, reason) => {
      expect(await charge(number)).toMatchObject({ approved: false, reason });
    },
  );

  it("says it is in test mode", () => {
    expect(createTestGateway().testMode).toBe(true);
  });
});
