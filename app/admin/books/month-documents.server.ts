/**
 * A month's invoices and credit notes with what their PDFs print beyond their own row (the order's
 * reference; for a credit note, the invoice it corrects), read a batch at a time: one query for a batch's
 * rows and one for each thing they refer to, never one per document. Over the console's reader (a process
 * of its own, docs/decisions/0029) a query per document cost a round trip per PDF of the month's ZIP.
 */
import type { TimeRange } from "../../../server/db/books.ts";
import { creditNotesRowsBatch, invoicesBatch } from "../../../server/db/books-archive.ts";
import type { Database } from "../../../server/db/database.ts";
import type { CreditNote, Invoice } from "../../../server/db/schema.ts";
import { batchesOf } from "./batches";

export type ArchivedDocument =
  | { kind: "invoice"; row: Invoice; orderReference: string }
  | { kind: "credit-note"; row: CreditNote; invoice: Invoice; orderReference: string };

const keyOf = (row: { issued_at: string; number: string }) => ({ issuedAt: row.issued_at, number: row.number });
const distinct = (ids: number[]) => [...new Set(ids)];

/** The references of the orders, by order id; throws when one is not stored (a PDF would lack it). */
async function orderReferences(db: Database, orderIds: number[]): Promise<(orderId: number) => string> {
  const rows = await db.selectFrom("orders").select(["id", "reference"]).where("id", "in", distinct(orderIds)).execute();
  const references = new Map(rows.map((row) => [Number(row.id), row.reference]));
  return (orderId) => {
    const reference = references.get(orderId);
    if (reference === undefined) throw new Error(`order #${orderId} of a document is not stored`);
    return reference;
  };
}

/** The invoices the credit notes correct, by invoice id; throws when one is not stored. */
async function correctedInvoices(db: Database, notes: CreditNote[]): Promise<(note: CreditNote) => Invoice> {
  const ids = distinct(notes.map((note) => note.invoice_id));
  const rows = await db.selectFrom("invoices").selectAll().where("id", "in", ids).execute();
  const invoices = new Map(rows.map((row) => [Number(row.id), row]));
  return (note) => {
    const invoice = invoices.get(note.invoice_id);
    if (!invoice) throw new Error(`invoice #${note.invoice_id} of credit note #${note.id} is not stored`);
    return invoice;
  };
}

/** The month's invoices, then its credit notes, each oldest first, with what they refer to. */
export async function* monthDocuments(db: Database, range: TimeRange, batchSize: number): AsyncGenerator<ArchivedDocument> {
  for await (const rows of batchesOf((key, size) => invoicesBatch(db, range, key, size), keyOf, batchSize)) {
    const referenceOf = await orderReferences(
      db,
      rows.map((row) => row.order_id),
    );
    for (const row of rows) yield { kind: "invoice", row, orderReference: referenceOf(row.order_id) };
  }
  for await (const rows of batchesOf((key, size) => creditNotesRowsBatch(db, range, key, size), keyOf, batchSize)) {
    const [invoiceOf, referenceOf] = await Promise.all([
      correctedInvoices(db, rows),
      orderReferences(
        db,
        rows.map((row) => row.order_id),
      ),
    ]);
    for (const row of rows) yield { kind: "credit-note", row, invoice: invoiceOf(row), orderReference: referenceOf(row.order_id) };
  }
}
