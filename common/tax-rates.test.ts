import { describe, expect, it } from "vitest";
import table from "../content/tax-rates.json";
import { applicableRate, euMemberStates, taxRatesProblems } from "./tax-rates";

describe("the rate an invoice applies", () => {
  it("charges nothing with TAX_MODE=none, whatever the country", () => {
    expect(applicableRate("none", "FR", table)).toEqual({ rateBasisPoints: 0, basis: "not-charged", ratesAsOf: null });
  });

  it("charges an EU customer their own country's rate with eu-oss", () => {
    expect(applicableRate("eu-oss", "FR", table)).toEqual({ rateBasisPoints: 2000, basis: "customer-country", ratesAsOf: "2026-01-01" });
    expect(applicableRate("eu-oss", "FI", table).rateBasisPoints).toBe(2550);
    expect(applicableRate("eu-oss", "HU", table).rateBasisPoints).toBe(2700);
    // The seller's own customers (content/site.ts: ES) pay the seller's country's rate.
    expect(applicableRate("eu-oss", "ES", table).rateBasisPoints).toBe(2100);
  });

  it("charges 0 % outside the EU", () => {
    expect(applicableRate("eu-oss", "US", table)).toEqual({ rateBasisPoints: 0, basis: "outside-eu", ratesAsOf: "2026-01-01" });
    expect(applicableRate("eu-oss", "GB", table).rateBasisPoints).toBe(0);
    expect(applicableRate("eu-oss", "constructor", table).rateBasisPoints).toBe(0);
  });

  it("has no table rate for Stripe Tax, whose rate comes with the payment", () => {
    expect(() => applicableRate("stripe", "FR", table)).toThrow(/the rate is the one Stripe computed/);
  });
});

describe("content/tax-rates.json", () => {
  it("is dated and has the 27 member states, each in basis points", () => {
    expect(taxRatesProblems(table)).toEqual([]);
    expect(Object.keys(table.rates).sort()).toEqual([...euMemberStates].sort());
    expect(euMemberStates).toHaveLength(27);
  });

  it("names what is wrong", () => {
    const { DE: _, ...withoutGermany } = table.rates;
    expect(taxRatesProblems({ ...table, rates: withoutGermany })).toEqual([
      'content/tax-rates.json: "rates.DE" is missing: the table needs every EU member state.',
    ]);
    expect(taxRatesProblems({ ...table, rates: { ...table.rates, FR: 20 / 100 } })[0]).toMatch(/"rates.FR" must be whole basis points/);
    expect(taxRatesProblems({ ...table, rates: { ...table.rates, GB: 2000 } })[0]).toMatch(/"rates.GB" is not an EU member state/);
    expect(taxRatesProblems({ ...table, asOf: "1 Jan 2026" })[0]).toMatch(/"asOf" must be the date/);
    expect(taxRatesProblems(null)).toHaveLength(1);
  });
});
