import { describe, expect, it } from "vitest";
import type { CreditNote, Invoice } from "../../../server/db/schema.ts";
import { invoiceView } from "./page.server";

const invoice = {
  id: 1,
  number: "2026-000007",
  year: 2026,
  sequence: 7,
  issued_at: "2026-03-01T09:30:00.000Z",
  language: "fr",
  seller: JSON.stringify({
    legalName: "NovaStream Media S.L.",
    address: ["Calle de Colón 48", "46004 Valencia"],
    country: "ES",
    taxId: "B12345678",
  }),
  buyer_name: "Camille Durand",
  buyer_address: JSON.stringify(["1 place Bellecour", "69001 Lyon"]),
  buyer_country: "FR",
  net_cents: 2417,
  rate_basis_points: 2000,
  tax_cents: 483,
  total_cents: 2900,
  currency: "EUR",
  tax_basis: "customer-country",
  rates_as_of: "2026-01-01",
  order_id: 3,
  plan_key: "advanced",
  plan_name: "Gold",
  months: 3,
  viewers: 2,
  period_start: null,
  period_end: null,
  ip_country: "FR",
  created_at: "2026-03-01T09:30:00.000Z",
  updated_at: "2026-03-01T09:30:00.000Z",
} satisfies Invoice;

describe("an invoice as the account shows it", () => {
  it("names seller and buyer, the countries in the page's language, and the amounts with the rate", () => {
    const note = {
      ...invoice,
      number: "CN-2026-000001",
      total_cents: 1000,
      issued_at: "2026-03-05T10:00:00.000Z",
    } as unknown as CreditNote;
    const view = invoiceView(invoice, [note], "NS-AAAA-BBBB", "fr", null);
    expect(view).toMatchObject({
      number: "2026-000007",
      issuedOn: "1 mars 2026",
      orderReference: "NS-AAAA-BBBB",
      seller: { legalName: "NovaStream Media S.L.", country: "Espagne", taxId: "B12345678" },
      buyer: { name: "Camille Durand", address: ["1 place Bellecour", "69001 Lyon"], country: "France" },
      item: { plan: "Gold", months: 3, viewers: 2 },
      taxCharged: true,
      creditNotes: [{ number: "CN-2026-000001", issuedOn: "5 mars 2026" }],
    });
    expect(view.rate.replace(/\s/g, " ")).toBe("20 %");
    expect(view.total.replace(/\s/g, " ")).toBe("29,00 €");
    expect(invoiceView(invoice, [], "NS-AAAA-BBBB", "en", null)).toMatchObject({ rate: "20%", net: "€24.17", tax: "€4.83" });
  });

  it("says when no VAT is charged", () => {
    const untaxed = { ...invoice, rate_basis_points: 0, tax_cents: 0, net_cents: 2900, tax_basis: "not-charged" as const };
    const view = invoiceView(untaxed, [], "NS-AAAA-BBBB", "es", null);
    expect(view.taxCharged).toBe(false);
    expect(view.rate.replace(/\s/g, " ")).toBe("0 %");
  });
});
