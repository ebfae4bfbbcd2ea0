import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testTargets } from "../../tests/support/databases.ts";
import { migrateToLatest } from "../db/database.ts";
import { JOB_KINDS } from "../jobs/enqueue.ts";
import { createJobRunner } from "../jobs/runner.ts";
import { type InvoicePdfSource, invoiceAttachments, MAX_INVOICE_ATTACHMENT_BYTES } from "./invoice-attachment.ts";
import { mailJobHandler, queueMail } from "./mail-job.ts";
import type { MailMessage, MailTransport } from "./transport.ts";

const T0 = new Date("2026-03-01T09:30:00.000Z");
const pdf = { fileName: "invoice-2026-000007.pdf", bytes: new TextEncoder().encode("%PDF-1.7 an invoice") };
const drawn: InvoicePdfSource = async () => pdf;
/** A failure whose message quotes the customer, as a drawing error might: it must not reach the log. */
const broken: InvoicePdfSource = async () => {
  throw new TypeError("cannot draw Camille Durand, 1 place Bellecour");
};

function recorder() {
  const lines: string[] = [];
  return { lines, log: { info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m), error: (m: string) => lines.push(m) } };
}

describe("the invoice a mail attaches", () => {
  it("is the PDF of the invoice the mail names, drawn by the source", async () => {
    const { log, lines } = recorder();
    expect(await invoiceAttachments({ id: 3, invoice_id: 7 }, drawn, log)).toEqual([
      { filename: "invoice-2026-000007.pdf", content: pdf.bytes, contentType: "application/pdf" },
    ]);
    expect(lines).toEqual([]);
  });

  it("is nothing for a mail about no invoice, or without a source", async () => {
    const { log } = recorder();
    expect(await invoiceAttachments({ id: 3, invoice_id: null }, drawn, log)).toEqual([]);
    expect(await invoiceAttachments({ id: 3, invoice_id: 7 }, undefined, log)).toEqual([]);
  });

  it("is left out, and said so without the customer's details, when drawing fails or the invoice is gone", async () => {
    const { log, lines } = recorder();
    expect(await invoiceAttachments({ id: 3, invoice_id: 7 }, broken, log)).toEqual([]);
    expect(await invoiceAttachments({ id: 4, invoice_id: 8 }, async () => undefined, log)).toEqual([]);
    expect(lines).toEqual([
      "Mail #3: invoice #7 could not be drawn as a PDF (TypeError); sent with the link only",
      "Mail #4: invoice #8 is not stored; sent with the link only",
    ]);
  });

  it(`is left out above ${MAX_INVOICE_ATTACHMENT_BYTES} bytes`, async () => {
    const { log, lines } = recorder();
    const big = async () => ({ fileName: "big.pdf", bytes: new Uint8Array(MAX_INVOICE_ATTACHMENT_BYTES + 1) });
    const justSo = async () => ({ fileName: "ok.pdf", bytes: new Uint8Array(MAX_INVOICE_ATTACHMENT_BYTES) });
    expect(await invoiceAttachments({ id: 3, invoice_id: 7 }, big, log)).toEqual([]);
    expect(await invoiceAttachments({ id: 3, invoice_id: 7 }, justSo, log)).toHaveLength(1);
    expect(lines).toEqual([`Mail #3: invoice #7's PDF is ${MAX_INVOICE_ATTACHMENT_BYTES + 1} bytes, over 204800; sent with the link only`]);
  });
});

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`the mail job attaches the invoice, ${target.dialect}`, () => {
    let handle: TestDatabase;
    let sent: MailMessage[];
    const transport: MailTransport = {
      async send(mail) {
        sent.push(mail);
      },
    };
    const run = (invoicePdf: InvoicePdfSource) => {
      const { log } = recorder();
      const handlers = { [JOB_KINDS.mail]: mailJobHandler({ db: handle.db, transport, log, invoicePdf }) };
      return createJobRunner({ db: handle.db, handlers, worker: "w1", clock: () => T0, log }).runOnce();
    };
    const confirmation = { to: "camille@example.com", kind: "order-confirmation", subject: "Order", text: "See your invoice", html: "" };

    beforeAll(async () => {
      handle = await createTestDatabase(target.dialect);
      await migrateToLatest(handle.db, target.dialect);
    });
    afterAll(async () => {
      await handle?.cleanup();
    });
    beforeEach(async () => {
      await handle.db.deleteFrom("jobs").execute();
      await handle.db.deleteFrom("mails").execute();
      sent = [];
    });

    it("stores which invoice, never the PDF, and draws it when sending", async () => {
      const stored = await queueMail(handle.db, { ...confirmation, orderId: 3, invoiceId: 7 }, T0);
      expect(stored.invoice_id).toBe(7);
      const asked: number[] = [];
      expect(
        await run(async (id) => {
          asked.push(id);
          return pdf;
        }),
      ).toEqual({ ran: 1, failed: 0 });
      expect(asked).toEqual([7]);
      expect(sent).toEqual([
        {
          ...confirmation,
          mailId: stored.id,
          attachments: [{ filename: pdf.fileName, content: pdf.bytes, contentType: "application/pdf" }],
        },
      ]);
    });

    it("still sends the mail, with its link only, when the PDF cannot be drawn", async () => {
      const stored = await queueMail(handle.db, { ...confirmation, invoiceId: 7 }, T0);
      expect(await run(broken)).toEqual({ ran: 1, failed: 0 });
      expect(sent).toEqual([{ ...confirmation, mailId: stored.id }]);
    });
  });
}
