import PDFDocument from "pdfkit";
import { describe, expect, it } from "vitest";
import { sampleCreditNote, sampleInvoice } from "../../tests/support/invoice-rows.ts";
import { documentTexts } from "./document-texts";
import { creditNoteView, invoiceView } from "./document-view";
import { SharedFontsDocument } from "./pdf-fonts.server";
import { type PdfMetadata, renderDocumentPdf } from "./pdf-layout.server";

const meta: PdfMetadata = { language: "fr-FR", title: "Facture", author: "NovaStream", createdAt: new Date("2026-11-02T09:00:00Z") };
const t = (key: string) => key;

describe("a document sharing the fonts' metrics", () => {
  it("writes the same bytes as pdfkit alone, the first time and every time after", async () => {
    const invoice = documentTexts(invoiceView(sampleInvoice, "NS-AAAA-BBBB", "fr"), t);
    const note = documentTexts(creditNoteView(sampleCreditNote, sampleInvoice, "NS-AAAA-BBBB", "es"), t);
    for (const texts of [invoice, note, invoice]) {
      const plain = await renderDocumentPdf(texts, meta, PDFDocument);
      const shared = await renderDocumentPdf(texts, meta, SharedFontsDocument);
      expect(Buffer.from(shared).equals(Buffer.from(plain))).toBe(true);
    }
  });

  it("gives each document a font object of its own, over the same metrics", () => {
    const first = new SharedFontsDocument();
    const second = new SharedFontsDocument();
    const fonts = (doc: object) => (doc as { _fontFamilies: Record<string, { document: object; font: object }> })._fontFamilies;
    expect(fonts(second).Helvetica).not.toBe(fonts(first).Helvetica);
    expect(fonts(second).Helvetica?.document).toBe(second);
    expect(fonts(second).Helvetica?.font).toBe(fonts(first).Helvetica?.font);
  });
});
