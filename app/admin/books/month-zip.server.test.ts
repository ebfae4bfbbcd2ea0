import { unzipSync } from "fflate";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit } from "../../../server/admin/audit.ts";
import type { Order } from "../../../server/db/schema.ts";
import { testTargets } from "../../../tests/support/databases.ts";
import { createOrderTestBed, type OrderTestBed } from "../../../tests/support/orders.ts";
import { issueCreditNote, issueInvoice } from "../../invoices/issue.server";
import { documentPdfResponse } from "./document-pdf.server";
import { type ArchiveFile, exportMonthZip, monthDocuments, zipStream } from "./month-zip.server";
import { monthRange } from "./period";

const at = (day: number) => new Date(Date.UTC(2026, 10, day, 9));
const seller = {
  legalName: "NovaStream Media S.L.",
  address: ["Calle de Colón 48"],
  country: "ES",
  taxId: "B12345678",
  invoicePrefix: "NS-",
};

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`a month's invoices as one ZIP on ${target.dialect}`, () => {
    let bed: OrderTestBed;
    const input = () => ({ month: "2026-11", range: monthRange("2026-11"), operator: bed.operator, address: "203.0.113.7" });

    beforeAll(async () => {
      bed = await createOrderTestBed(target.dialect);
      const invoiced = async (now: Date, overrides: Partial<Order> = {}) => {
        const order = await bed.pendingOrder({ country: "FR", ...overrides });
        await bed.handle.db.transaction().execute((db) => issueInvoice(db, order, { now, taxMode: "eu-oss", seller }));
        return order;
      };
      await invoiced(new Date("2026-10-31T23:00:00.000Z"));
      const refunded = await invoiced(at(2), { language: "es", last_name: "Durand-Refund" });
      for (const day of [3, 4, 5, 6]) await invoiced(at(day));
      await bed.handle.db
        .transaction()
        .execute((db) => issueCreditNote(db, { ...refunded, refunded_cents: 1000 }, 1000, { now: at(20), seller }));
    });
    afterAll(async () => {
      await bed?.handle.cleanup();
    });

    it("holds every invoice and credit note of the month as a PDF named by its number, and nothing else", async () => {
      const response = await exportMonthZip(bed.handle.db, input(), 2);
      expect(response.headers.get("content-type")).toBe("application/zip");
      expect(response.headers.get("content-disposition")).toBe('attachment; filename="invoices-2026-11.zip"');
      const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
      expect(Object.keys(files)).toEqual([
        "invoice-NS-2026-000002.pdf",
        "invoice-NS-2026-000003.pdf",
        "invoice-NS-2026-000004.pdf",
        "invoice-NS-2026-000005.pdf",
        "invoice-NS-2026-000006.pdf",
        "credit-note-NS-CN-2026-000001.pdf",
      ]);
      for (const [name, bytes] of Object.entries(files)) {
        const pdf = await getDocumentProxy(new Uint8Array(bytes));
        const { text } = await extractText(pdf, { mergePages: true });
        const number = name.replace(/^(invoice|credit-note)-|\.pdf$/g, "");
        expect(text.replace(/\s+/g, " "), name).toContain(number);
      }
      // The credit note, in the language of its invoice (Spanish), names the invoice it corrects.
      const note = await extractText(await getDocumentProxy(new Uint8Array(files["credit-note-NS-CN-2026-000001.pdf"]!)), {
        mergePages: true,
      });
      expect(note.text).toContain("NS-2026-000002");
    });

    it("is in the audit log, with the month and how many documents left in it", async () => {
      const { rows: entries } = await listAudit(bed.handle.db, { action: "export" });
      expect(entries.map((entry) => [entry.subject, JSON.parse(entry.details ?? "null")])).toContainEqual([
        "invoices",
        { month: "2026-11", invoices: 5, creditNotes: 1 },
      ]);
    });

    it("gives one document as its PDF, named by its number, and nothing for a number that does not exist", async () => {
      const response = await documentPdfResponse(bed.handle.db, "NS-CN-2026-000001");
      expect(response?.headers.get("content-type")).toBe("application/pdf");
      expect(response?.headers.get("content-disposition")).toBe('attachment; filename="credit-note-NS-CN-2026-000001.pdf"');
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(await response!.arrayBuffer())), { mergePages: true });
      expect(text).toContain("NS-CN-2026-000001");
      expect(await documentPdfResponse(bed.handle.db, "NS-2026-999999")).toBeUndefined();
      expect(await documentPdfResponse(bed.handle.db, "x".repeat(41))).toBeUndefined();
    });

    it("reads what the PDFs refer to a batch at a time, not a query per document", async () => {
      let queries = 0;
      const counted = bed.handle.db.withPlugin({
        transformQuery: (args) => {
          queries += 1;
          return args.node;
        },
        transformResult: async (args) => args.result,
      });
      const documents = [];
      for await (const document of monthDocuments(counted, monthRange("2026-11"), 10)) documents.push(document);
      expect(documents.map((document) => [document.kind, document.orderReference.length > 0])).toHaveLength(6);
      const note = documents.find((document) => document.kind === "credit-note");
      expect(note?.kind === "credit-note" && note.invoice.number).toBe("NS-2026-000002");
      // Invoices: their batch and their orders; credit notes: their batch, their invoices and their orders.
      expect(queries).toBe(5);
    });

    it("is an empty archive for a month without documents", async () => {
      const response = await exportMonthZip(bed.handle.db, { ...input(), month: "2025-01", range: monthRange("2025-01") });
      expect(unzipSync(new Uint8Array(await response.arrayBuffer()))).toEqual({});
    });
  });
}

describe("the ZIP stream", () => {
  it("makes each file only when the download asks for more: one at a time", async () => {
    let made = 0;
    const files = (async function* (): AsyncGenerator<ArchiveFile> {
      for (let index = 1; index <= 4; index++) {
        made++;
        yield { name: `file-${index}.pdf`, bytes: new TextEncoder().encode(`%PDF file ${index}`), issuedAt: at(index).toISOString() };
      }
    })();
    const reader = zipStream(files).getReader();
    const chunks: Uint8Array[] = [];
    const first = await reader.read();
    chunks.push(first.value!);
    // Every promise callback queued so far has run: a pull the stream made on its own would have made a file.
    await new Promise((resolve) => setImmediate(resolve));
    expect(made).toBe(1);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    expect(made).toBe(4);
    const archive = unzipSync(new Uint8Array(await new Blob(chunks as BlobPart[]).arrayBuffer()));
    expect(Object.keys(archive)).toEqual(["file-1.pdf", "file-2.pdf", "file-3.pdf", "file-4.pdf"]);
    expect(new TextDecoder().decode(archive["file-3.pdf"])).toBe("%PDF file 3");
  });

  it("stops reading the month's documents when the download is cancelled", async () => {
    let made = 0;
    let closed = false;
    const files = (async function* (): AsyncGenerator<ArchiveFile> {
      try {
        for (let index = 1; index <= 100; index++) {
          made++;
          yield { name: `file-${index}.pdf`, bytes: new TextEncoder().encode("%PDF"), issuedAt: at(1).toISOString() };
        }
      } finally {
        closed = true;
      }
    })();
    const reader = zipStream(files).getReader();
    await reader.read();
    await reader.cancel().catch(() => undefined);
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(true);
    expect(made).toBeLessThan(100);
  });

  it("holds more files than the plain ZIP format counts (65,535), as Zip64", async () => {
    const count = 70_000;
    const bytes = new TextEncoder().encode("%PDF");
    const files = (async function* (): AsyncGenerator<ArchiveFile> {
      for (let index = 1; index <= count; index++) yield { name: `f${index}.pdf`, bytes, issuedAt: at(1).toISOString() };
    })();
    const archive = unzipSync(new Uint8Array(await new Response(zipStream(files)).arrayBuffer()));
    expect(Object.keys(archive)).toHaveLength(count);
    expect(new TextDecoder().decode(archive[`f${count}.pdf`])).toBe("%PDF");
  }, 30_000);
});
