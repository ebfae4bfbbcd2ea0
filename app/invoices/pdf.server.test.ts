import { extractText, getDocumentProxy } from "unpdf";
import { afterEach, describe, expect, it } from "vitest";
import type { Language } from "../../common/languages";
import { findInvoiceOfOrder } from "../../server/db/invoices.ts";
import { testTargets } from "../../tests/support/databases.ts";
import { sampleCreditNote, sampleInvoice, untaxedInvoice } from "../../tests/support/invoice-rows.ts";
import { createOrderTestBed, type OrderTestBed } from "../../tests/support/orders";
import { issueCreditNote } from "./issue.server";
import {
  creditNotePdf,
  creditNotePdfFileName,
  invoicePdf,
  invoicePdfById,
  invoicePdfFileName,
  renderCreditNotePdf,
  renderInvoicePdf,
} from "./pdf.server";

/** The PDF read back: its text with every kind of space made plain, its metadata and its tagging. */
async function readBack(bytes: Uint8Array) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  const info = (await pdf.getMetadata()).info as Record<string, unknown>;
  const markInfo = await pdf.getMarkInfo();
  return { text: text.replace(/\s+/g, " "), info, tagged: markInfo?.Marked === true, pages: pdf.numPages };
}

/** What each language must print, as the account page formats it. */
const expected: Record<Language, { title: string; net: string; rate: string; tax: string; total: string; country: string; noVat: string }> =
  {
    en: { title: "Invoice", net: "€24.17", rate: "20%", tax: "€4.83", total: "€29.00", country: "Spain", noVat: "No VAT is charged" },
    es: { title: "Factura", net: "24,17 €", rate: "20 %", tax: "4,83 €", total: "29,00 €", country: "España", noVat: "no incluye IVA" },
    fr: { title: "Facture", net: "24,17 €", rate: "20 %", tax: "4,83 €", total: "29,00 €", country: "Espagne", noVat: "Aucune TVA" },
  };

describe("an invoice as a PDF", () => {
  for (const [language, words] of Object.entries(expected) as Array<[Language, (typeof expected)["en"]]>) {
    it(`holds what the law asks, in ${language}`, async () => {
      const { text, info, tagged, pages } = await readBack(await renderInvoicePdf(sampleInvoice, "NS-AAAA-BBBB", language));
      expect(pages).toBe(1);
      expect(tagged).toBe(true);
      expect(info.Title).toBe(`${words.title} NS-2026-000007`);
      expect(info.Language).toMatch(new RegExp(`^${language}`));
      for (const part of [
        `${words.title} NS-2026-000007`,
        "NS-AAAA-BBBB",
        "NovaStream Media S.L.",
        "Calle de Colón 48",
        "B12345678",
        words.country,
        "Camille Durand",
        "1 place Bellecour",
        "Gold",
        words.net,
        words.rate,
        words.tax,
        words.total,
        "EUR",
      ]) {
        expect(text).toContain(part);
      }
      expect(text).not.toContain(words.noVat);
    });

    it(`a credit note names the invoice it corrects, in ${language}`, async () => {
      const { text } = await readBack(await renderCreditNotePdf(sampleCreditNote, sampleInvoice, "NS-AAAA-BBBB", language));
      expect(text).toContain("NS-CN-2026-000002");
      expect(text).toContain("NS-2026-000007");
      expect(text).toContain("Camille Durand");
      expect(text).toContain("NovaStream Media S.L.");
      for (const amount of language === "en" ? ["€8.33", "€1.67", "€10.00"] : ["8,33 €", "1,67 €", "10,00 €"])
        expect(text).toContain(amount);
    });

    it(`says when no VAT is charged, in ${language}`, async () => {
      const { text } = await readBack(await renderInvoicePdf(untaxedInvoice, "NS-AAAA-BBBB", language));
      expect(text).toContain(words.noVat);
      expect(text).toContain(language === "en" ? "0%" : "0 %");
      expect(text).toContain(words.total);
    });
  }

  it("is written in the document's own language unless asked otherwise", async () => {
    const { text, info } = await readBack(await renderInvoicePdf(sampleInvoice, "NS-AAAA-BBBB"));
    expect(info.Language).toMatch(/^fr/);
    expect(text).toContain("Facture NS-2026-000007");
  });

  it("gets a file name any mail client accepts", () => {
    expect(invoicePdfFileName("NS-2026-000007")).toBe("invoice-NS-2026-000007.pdf");
    expect(creditNotePdfFileName("NS/CN 2026")).toBe("credit-note-NS-CN-2026.pdf");
  });
});

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`documents read from ${target.dialect} and drawn as PDFs`, () => {
    const beds: OrderTestBed[] = [];
    afterEach(async () => {
      await Promise.all(beds.splice(0).map((bed) => bed.handle.cleanup()));
    });

    it("draws a paid order's invoice and its credit note, with the order's reference", async () => {
      const bed = await createOrderTestBed(target.dialect);
      beds.push(bed);
      const { db } = bed.handle;
      const order = await bed.paidOrder({ amount_cents: 2900 });
      const invoice = (await findInvoiceOfOrder(db, order.id))!;
      const { text } = await readBack(await invoicePdf(db, invoice, "en"));
      expect(text).toContain(`Invoice ${invoice.number}`);
      expect(text).toContain(order.reference);

      const note = (await issueCreditNote(db, { ...order, refunded_cents: 1000 }, 1000))!;
      const read = await readBack(await creditNotePdf(db, note, "en"));
      expect(read.text).toContain(`Credit note ${note.number}`);
      expect(read.text).toContain(invoice.number);
      expect(read.text).toContain("€10.00");

      const named = await invoicePdfById(db, invoice.id);
      expect(named?.fileName).toBe(`invoice-${invoice.number}.pdf`);
      expect((await readBack(named!.bytes)).text).toContain(invoice.number);
      expect(await invoicePdfById(db, invoice.id + 1000)).toBeUndefined();
    });
  });
}
