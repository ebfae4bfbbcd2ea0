import { extractText, getDocumentProxy } from "unpdf";
import { afterEach, describe, expect, it } from "vitest";
import { site } from "../../content/site";
import { findInvoiceOfOrder } from "../../server/db/invoices.ts";
import { JOB_KINDS } from "../../server/jobs/enqueue.ts";
import { createJobRunner } from "../../server/jobs/runner.ts";
import { mailJobHandler } from "../../server/mail/mail-job.ts";
import type { MailMessage } from "../../server/mail/transport.ts";
import { testTargets } from "../../tests/support/databases.ts";
import { createOrderTestBed, type OrderTestBed } from "../../tests/support/orders";
import { invoicePdfById } from "./pdf.server";

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`the confirmation mail and its invoice, ${target.dialect}`, () => {
    const beds: OrderTestBed[] = [];
    afterEach(async () => {
      await Promise.all(beds.splice(0).map((bed) => bed.handle.cleanup()));
    });

    it("links the invoice's page in the customer's language, and goes with its PDF drawn at sending", async () => {
      const bed = await createOrderTestBed(target.dialect);
      beds.push(bed);
      const { db } = bed.handle;
      const order = await bed.paidOrder({ language: "fr" });
      const invoice = (await findInvoiceOfOrder(db, order.id))!;
      const mail = await db
        .selectFrom("mails")
        .selectAll()
        .where("order_id", "=", order.id)
        .where("kind", "=", "order-confirmation")
        .executeTakeFirstOrThrow();
      const url = new URL(`/fr/account/invoices/${invoice.number}`, site.brand.origin).href;
      expect(mail.invoice_id).toBe(invoice.id);
      expect(mail.body_text).toContain(url);
      expect(mail.body_text).toContain(`La facture ${invoice.number}`);
      expect(`${mail.body_text}${mail.body_html}`).not.toContain("%PDF");

      const sent: MailMessage[] = [];
      const transport = { send: async (message: MailMessage) => void sent.push(message) };
      const handler = mailJobHandler({ db, transport, log: quiet, invoicePdf: (id) => invoicePdfById(db, id) });
      const runner = createJobRunner({
        db,
        handlers: { [JOB_KINDS.mail]: handler },
        worker: "w1",
        log: quiet,
        clock: () => new Date(Date.now() + 60_000),
      });
      await runner.runOnce();
      const confirmation = sent.find((message) => message.kind === "order-confirmation");
      const [attachment] = confirmation?.attachments ?? [];
      expect(attachment).toMatchObject({ filename: `invoice-${invoice.number}.pdf`, contentType: "application/pdf" });
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(attachment!.content)), { mergePages: true });
      expect(text).toContain(`Facture ${invoice.number}`);
    });
  });
}
