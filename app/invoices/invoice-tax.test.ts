import { describe, expect, it } from "vitest";
import { splitInclusive } from "../../common/tax";
import type { TaxRatesTable } from "../../common/tax-rates";
import { creditNoteSplit, invoiceTax, type TaxedOrder } from "./invoice-tax";

const table: TaxRatesTable = { asOf: "2026-01-01", rates: { FR: 2000, ES: 2100 } };
const order = (changes: Partial<TaxedOrder> = {}): TaxedOrder => ({
  amount_cents: 2903,
  country: "FR",
  processor_tax_cents: null,
  processor_tax_rate_basis_points: null,
  ...changes,
});

describe("the tax of an invoice", () => {
  it("prints Stripe's tax as Stripe computed it, net = total − tax, whatever TAX_MODE says now", () => {
    // 2903 / 6 = 483.83…: the shop's split would say 484 too; 485 shows the cents are Stripe's, not recomputed.
    const stripe = order({ processor_tax_cents: 485, processor_tax_rate_basis_points: 2000 });
    for (const mode of ["stripe", "eu-oss", "none"] as const) {
      expect(invoiceTax(mode, stripe, table)).toEqual({
        split: { totalCents: 2903, netCents: 2418, taxCents: 485, rateBasisPoints: 2000 },
        basis: "stripe",
        ratesAsOf: null,
      });
    }
  });

  it("with TAX_MODE=stripe and nothing computed (a session opened before), says no VAT was charged", () => {
    expect(invoiceTax("stripe", order(), table)).toMatchObject({ basis: "not-charged", split: { taxCents: 0, netCents: 2903 } });
  });

  it("otherwise follows the table (eu-oss) or charges none", () => {
    expect(invoiceTax("eu-oss", order(), table)).toEqual({
      split: splitInclusive(2903, 2000),
      basis: "customer-country",
      ratesAsOf: "2026-01-01",
    });
    expect(invoiceTax("none", order(), table)).toMatchObject({ basis: "not-charged", split: { taxCents: 0 } });
  });
});

describe("the tax of a credit note", () => {
  const invoice = { total_cents: 2903, tax_cents: 485, rate_basis_points: 2000 };

  it("splits a partial refund at the invoice's rate", () => {
    expect(creditNoteSplit(invoice, 1000, 1000, [])).toEqual(splitInclusive(1000, 2000));
  });

  it("gives the refund of what was left the rest of the invoice's tax, so the notes add up to it", () => {
    const first = creditNoteSplit(invoice, 1000, 1000, []);
    const last = creditNoteSplit(invoice, 1903, 2903, [{ tax_cents: first.taxCents }]);
    expect(first.taxCents + last.taxCents).toBe(485);
    expect(last.netCents + last.taxCents).toBe(1903);
    expect(creditNoteSplit(invoice, 2903, 2903, [])).toEqual({ totalCents: 2903, netCents: 2418, taxCents: 485, rateBasisPoints: 2000 });
  });
});
