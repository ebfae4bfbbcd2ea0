import { describe, expect, it } from "vitest";
import type { CreditNote } from "../../../server/db/schema.ts";
import { sampleInvoice } from "../../../tests/support/invoice-rows.ts";
import { invoicePageView } from "./page.server";

const invoice = sampleInvoice;

describe("an invoice as the account shows it", () => {
  it("names seller and buyer, the countries in the page's language, and the amounts with the rate", () => {
    const note = {
      ...invoice,
      number: "CN-2026-000001",
      total_cents: 1000,
      issued_at: "2026-03-05T10:00:00.000Z",
    } as unknown as CreditNote;
    const view = invoicePageView(invoice, [note], "NS-AAAA-BBBB", "fr");
    expect(view).toMatchObject({
      number: "NS-2026-000007",
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
    expect(invoicePageView(invoice, [], "NS-AAAA-BBBB", "en")).toMatchObject({ rate: "20%", net: "€24.17", tax: "€4.83" });
  });

  it("says when no VAT is charged", () => {
    const untaxed = { ...invoice, rate_basis_points: 0, tax_cents: 0, net_cents: 2900, tax_basis: "not-charged" as const };
    const view = invoicePageView(untaxed, [], "NS-AAAA-BBBB", "es");
    expect(view.taxCharged).toBe(false);
    expect(view.rate.replace(/\s/g, " ")).toBe("0 %");
  });
});
