import { describe, expect, it } from "vitest";
import { splitInclusive } from "../../common/tax";
import taxRates from "../../content/tax-rates.json";
import { type CheckoutTax, taxBreakdown } from "./tax-breakdown";

const euOss: CheckoutTax = { mode: "eu-oss", table: taxRates };

describe("the VAT the checkout's summary shows", () => {
  it("is the tax the invoice will print: the billing country's rate, split out of the price", () => {
    expect(taxBreakdown(euOss, "FR", 1300)).toEqual({ kind: "included", rateBasisPoints: 2000, taxCents: 217 });
    expect(taxBreakdown(euOss, "FI", 2900)).toEqual({
      kind: "included",
      rateBasisPoints: 2550,
      taxCents: splitInclusive(2900, 2550).taxCents,
    });
  });

  it("says none outside the EU, asks for a country before one is chosen, and defers to Stripe with Stripe Tax", () => {
    expect(taxBreakdown(euOss, "US", 1300)).toEqual({ kind: "none" });
    expect(taxBreakdown(euOss, "", 1300)).toEqual({ kind: "chooseCountry" });
    expect(taxBreakdown({ mode: "stripe" }, "FR", 1300)).toEqual({ kind: "processor" });
  });

  it("says nothing with TAX_MODE=none", () => {
    expect(taxBreakdown(undefined, "FR", 1300)).toBeUndefined();
  });
});
