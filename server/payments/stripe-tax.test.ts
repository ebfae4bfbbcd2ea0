import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { stripeTaxOf } from "./stripe-tax.ts";

/** A paid session as Stripe answers it, with the parts Stripe Tax fills in. */
function session(changes: { enabled?: boolean; total?: number; tax?: number; taxes?: object[]; country?: string | null }) {
  const { enabled = true, total = 2900, tax = 483, country = "FR" } = changes;
  const taxes = changes.taxes ?? [{ amount: tax, rate: { country: "FR", percentage: 20, effective_percentage: 20 } }];
  return {
    automatic_tax: { enabled },
    amount_total: total,
    total_details: { amount_tax: tax, breakdown: { taxes } },
    customer_details: { address: country ? { country } : null },
  } as unknown as Stripe.Checkout.Session;
}

describe("Stripe Tax's answer on a paid session", () => {
  it("reads the tax, its rate in basis points and the customer's country", () => {
    expect(stripeTaxOf(session({}))).toEqual({ taxCents: 483, rateBasisPoints: 2000, country: "FR" });
    const finland = [{ amount: 589, rate: { country: "FI", percentage: 25.5, effective_percentage: 25.5 } }];
    expect(stripeTaxOf(session({ tax: 589, taxes: finland, country: "FI" }))).toEqual({
      taxCents: 589,
      rateBasisPoints: 2550,
      country: "FI",
    });
  });

  it("takes the rate Stripe applied (effective), and the largest share when it splits the tax", () => {
    const split = [
      { amount: 100, rate: { country: "FR", percentage: 5.5, effective_percentage: 5.5 } },
      { amount: 383, rate: { country: "FR", percentage: 20, effective_percentage: null } },
    ];
    expect(stripeTaxOf(session({ taxes: split }))?.rateBasisPoints).toBe(2000);
  });

  it("says 0 % when Stripe charged nothing (outside its registrations), whatever rate it names", () => {
    const notCollecting = [{ amount: 0, rate: { country: "US", percentage: 8.875, effective_percentage: 0 } }];
    expect(stripeTaxOf(session({ tax: 0, taxes: notCollecting, country: "US" }))).toEqual({
      taxCents: 0,
      rateBasisPoints: 0,
      country: "US",
    });
  });

  it("takes the country from the rate when Stripe kept no address", () => {
    expect(stripeTaxOf(session({ country: null }))?.country).toBe("FR");
  });

  it("has nothing to say of a session without automatic tax", () => {
    expect(stripeTaxOf(session({ enabled: false }))).toBeUndefined();
  });

  it("never guesses: a tax without its rate (breakdown not expanded), or amounts that cannot be, throw", () => {
    expect(() => stripeTaxOf(session({ taxes: [] }))).toThrow(/no usable tax rate/);
    expect(() => stripeTaxOf(session({ taxes: [{ amount: 483, rate: { country: "FR", percentage: 120 } }] }))).toThrow(/no usable/);
    expect(() => stripeTaxOf(session({ tax: 3000 }))).toThrow(/a tax of 3000 on a total of 2900/);
    expect(() => stripeTaxOf(session({ tax: -1 }))).toThrow(/a tax of -1/);
  });
});
