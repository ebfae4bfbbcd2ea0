import { describe, expect, it } from "vitest";
import { formatMoney } from "./money.ts";

describe("formatMoney", () => {
  it("writes whole amounts without cents, in each language's way", () => {
    expect(formatMoney(1300, "en", "EUR")).toBe("€13");
    expect(formatMoney(1300, "es", "EUR")).toBe("13\u00a0€");
    expect(formatMoney(1300, "fr", "EUR")).toBe("13\u00a0€");
  });

  it("shows cents when there are some, in the currency given", () => {
    expect(formatMoney(2999, "en", "USD")).toBe("$29.99");
    expect(formatMoney(2999, "fr", "EUR")).toBe("29,99\u00a0€");
  });
});
