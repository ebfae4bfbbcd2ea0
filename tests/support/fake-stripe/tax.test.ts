/** The local Stripe's Stripe Tax: what it asks for, what it computes, and what it answers, through the real SDK. */
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { sessionParams, withFakeStripe } from "./harness.ts";
import { calculateTax } from "./tax.ts";

const t = withFakeStripe();

/** Our checkout's line with Stripe Tax: 12.99 € tax included. */
const taxed = (taxBehavior?: "inclusive" | "exclusive") =>
  sessionParams({
    automatic_tax: { enabled: true },
    billing_address_collection: "required",
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: "eur",
          unit_amount: 1299,
          ...(taxBehavior && { tax_behavior: taxBehavior }),
          product_data: { name: "Plan Famille", tax_code: "txcd_10402200" },
        },
      },
    ],
  });

const line = (unitAmount: number, taxBehavior: "inclusive" | "exclusive") => ({
  name: "Plan",
  currency: "eur",
  unitAmount,
  quantity: 1,
  taxBehavior,
  taxCode: null,
});

describe("Stripe Tax in the local Stripe", () => {
  it("works VAT out of a price that includes it, or adds it to one that does not, rounding half up", () => {
    expect(calculateTax([line(1299, "inclusive")], "FR")).toMatchObject({ amountTax: 217, added: 0 });
    expect(calculateTax([line(1299, "exclusive")], "FR")).toMatchObject({ amountTax: 260, added: 260 });
    // 1299 × 25.5 / 125.5 = 263.94…
    expect(calculateTax([line(1299, "inclusive")], "FI").amountTax).toBe(264);
    // 3 × 20 / 120 = 0.5: half up, where the shop's own split (net rounded, tax the rest) gives 0.
    expect(calculateTax([line(3, "inclusive")], "FR").amountTax).toBe(1);
    expect(calculateTax([line(1299, "inclusive")], "US")).toEqual({ amountTax: 0, added: 0, breakdown: { discounts: [], taxes: [] } });
  });

  it("refuses automatic tax on a price with no tax behaviour, as a fresh account does", async () => {
    const error = await t.stripe.checkout.sessions.create(taxed()).then(
      () => undefined,
      (e: unknown) => e as Stripe.errors.StripeError,
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error?.param).toBe("line_items[0][price_data][tax_behavior]");
  });

  it("waits for the address, then answers the tax in total_details, its breakdown only when expanded", async () => {
    const session = await t.stripe.checkout.sessions.create(taxed("inclusive"));
    expect(session).toMatchObject({
      automatic_tax: { enabled: true, status: "requires_location_inputs", provider: "stripe" },
      billing_address_collection: "required",
      total_details: { amount_tax: 0 },
    });
    await t.fake.completeSession(session.id, "card", "FR");

    const plain = await t.stripe.checkout.sessions.retrieve(session.id);
    expect(plain).toMatchObject({
      amount_total: 1299,
      automatic_tax: { enabled: true, status: "complete" },
      total_details: { amount_tax: 217 },
      customer_details: { address: { country: "FR" } },
    });
    expect(plain.total_details?.breakdown).toBeUndefined();

    const expanded = await t.stripe.checkout.sessions.retrieve(session.id, { expand: ["total_details.breakdown", "payment_intent"] });
    expect(expanded.total_details?.breakdown?.taxes).toEqual([
      {
        amount: 217,
        rate: expect.objectContaining({ object: "tax_rate", country: "FR", percentage: 20, effective_percentage: 20, inclusive: true }),
        taxability_reason: "standard_rated",
        taxable_amount: 1082,
      },
    ]);
    expect(expanded.payment_intent).toMatchObject({ amount: 1299 });
  });

  it("charges the added tax when the price does not include it", async () => {
    const session = await t.stripe.checkout.sessions.create(taxed("exclusive"));
    await t.fake.completeSession(session.id, "card", "DE");
    const paid = await t.stripe.checkout.sessions.retrieve(session.id, { expand: ["payment_intent"] });
    expect(paid).toMatchObject({ amount_total: 1299 + 247, total_details: { amount_tax: 247 }, payment_intent: { amount: 1546 } });
  });

  it("asks for the billing country on its payment page, and refuses one it does not offer", async () => {
    const session = await t.stripe.checkout.sessions.create(taxed("inclusive"));
    const page = await (await fetch(`${t.fake.url}/pay/${session.id}`)).text();
    expect(page).toContain('<label for="country">Country or region</label>');
    expect(page).toContain('<option value="FR" selected>France</option>');
    const post = (country: string) =>
      fetch(`${t.fake.url}/pay/${session.id}`, { method: "POST", body: new URLSearchParams({ how: "card", country }), redirect: "manual" });
    expect((await post("XX")).status).toBe(400);
    expect((await post("ES")).status).toBe(303);
    expect(t.fake.sessions.get(session.id)).toMatchObject({
      total_details: { amount_tax: 225 },
      customer_details: { address: { country: "ES" } },
    });
  });
});
