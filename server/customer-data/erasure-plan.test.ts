import { describe, expect, it } from "vitest";
import { anonymisedOrderChanges, erasedPlaceholder, keptOrderChanges, planOrder, scrubEventDetails, yearsAfter } from "./erasure-plan.ts";

const NOW = new Date("2026-06-01T10:00:00.000Z");
const order = (status: string, paidAt: string | null, createdAt = "2026-01-01T00:00:00.000Z") =>
  ({ status, paid_at: paidAt, created_at: createdAt }) as Parameters<typeof planOrder>[0];

describe("what an erasure does to each order", () => {
  it.each(["paid", "fulfilled", "expired", "refunded"])("keeps a %s order for the accounting period after its payment", (status) => {
    expect(planOrder(order(status, "2020-03-15T08:00:00.000Z"), 10, NOW)).toEqual({
      fate: "keep-for-accounting",
      keepUntil: "2030-03-15T08:00:00.000Z",
    });
  });

  it.each(["pending", "failed"])("anonymises a %s order entirely: no money, no record to keep", (status) => {
    expect(planOrder(order(status, null), 10, NOW)).toEqual({ fate: "anonymise", reason: "unpaid" });
  });

  it("anonymises a paid order whose period is over, to the millisecond", () => {
    expect(planOrder(order("expired", "2016-06-01T10:00:00.000Z"), 10, NOW)).toEqual({ fate: "anonymise", reason: "retention-over" });
    expect(planOrder(order("expired", "2016-06-01T10:00:00.001Z"), 10, NOW).fate).toBe("keep-for-accounting");
    expect(planOrder(order("expired", "2016-06-01T10:00:00.001Z"), 1, NOW).fate).toBe("anonymise");
  });

  it("counts from the order's creation when its payment time is unknown", () => {
    expect(planOrder(order("paid", null, "2020-01-01T00:00:00.000Z"), 10, NOW)).toMatchObject({ keepUntil: "2030-01-01T00:00:00.000Z" });
  });

  it("moves 29 February to 1 March in a year without it", () => {
    expect(yearsAfter("2024-02-29T12:00:00.000Z", 10)).toBe("2034-03-01T12:00:00.000Z");
    expect(yearsAfter("2024-02-29T12:00:00.000Z", 4)).toBe("2028-02-29T12:00:00.000Z");
  });

  it("keeps the name and postal address of a kept order, and nothing that reaches the customer", () => {
    const kept = keptOrderChanges("erased-1@erased.invalid");
    expect(kept).toEqual({ email: "erased-1@erased.invalid", phone: "", card_last4: null, client_address: null });
    const anonymised = anonymisedOrderChanges("erased-1@erased.invalid");
    expect(anonymised).toMatchObject({ ...kept, first_name: "", last_name: "", address: "", postal_code: "", city: "", country: "" });
    // The country the order was placed from is VAT evidence while the order is kept, and goes with it.
    expect(kept).not.toHaveProperty("ip_country");
    expect(kept).not.toHaveProperty("processor_tax_country");
    expect(anonymised).toMatchObject({ ip_country: null, processor_tax_country: null });
  });

  it("uses a placeholder that can receive no mail", () => {
    expect(erasedPlaceholder("ab12")).toBe("erased-ab12@erased.invalid");
  });
});

describe("a timeline line's details after an erasure", () => {
  const personal = ["marta@example.com", "Marta Quintero", "+34 611 222 333"];

  it("drops where a request came from, and any value naming the customer", () => {
    const details = JSON.stringify({ address: "198.51.100.7", clientAddress: "::1", note: "called Marta Quintero", days: 7 });
    expect(scrubEventDetails(details, personal)).toBe(JSON.stringify({ days: 7 }));
    expect(scrubEventDetails(JSON.stringify({ to: "x", sent: { mail: "MARTA@example.com" } }), personal)).toBeNull();
  });

  it("keeps what names nobody, unchanged", () => {
    const details = JSON.stringify({ gatewayReference: "test_1", amountCents: 2900 });
    expect(scrubEventDetails(details, personal)).toBe(details);
    expect(scrubEventDetails(null, personal)).toBeNull();
  });

  it("ignores fragments too short to mean a person, and replaces what is not a JSON object", () => {
    expect(scrubEventDetails(JSON.stringify({ plan: "vip" }), ["", "Jo"])).toBe(JSON.stringify({ plan: "vip" }));
    expect(scrubEventDetails("not json", personal)).toBeNull();
    expect(scrubEventDetails("[1,2]", personal)).toBeNull();
  });
});
