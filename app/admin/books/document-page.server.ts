/**
 * `/admin/invoices/:number`, on the server: one invoice or credit note as it was issued, with the order it
 * belongs to and the documents on either side of the correction (an invoice's credit notes, or the invoice a
 * credit note corrects).
 */
import { findDocument } from "../../../server/db/books.ts";
import type { Database } from "../../../server/db/database.ts";
import { creditNotesOfOrder } from "../../../server/db/invoices.ts";
import { findOrderById } from "../../../server/db/orders.ts";
import type { SellerSnapshot } from "../../../server/db/schema.ts";

/** Longer than any number the shop makes (prefix, series, year, sequence): not looked up. */
const MAX_NUMBER_LENGTH = 40;

export async function loadDocumentPage(db: Database, number: string) {
  if (number.length > MAX_NUMBER_LENGTH) return undefined;
  const found = await findDocument(db, number);
  if (!found) return undefined;
  const { document } = found;
  const order = await findOrderById(db, document.order_id);
  const invoice = found.kind === "invoice" ? found.document : undefined;
  const notes = invoice ? await creditNotesOfOrder(db, invoice.order_id) : [];
  return {
    kind: found.kind,
    number: document.number,
    issuedAt: document.issued_at,
    month: document.issued_at.slice(0, 7),
    orderReference: order?.reference ?? null,
    language: document.language,
    seller: JSON.parse(document.seller) as SellerSnapshot,
    buyer: { name: document.buyer_name, address: JSON.parse(document.buyer_address) as string[], country: document.buyer_country },
    ipCountry: invoice?.ip_country ?? null,
    taxBasis: document.tax_basis,
    item: invoice ? { plan: invoice.plan_name, months: invoice.months, viewers: invoice.viewers } : null,
    corrects: found.kind === "credit-note" ? found.document.invoice_number : null,
    amounts: {
      net: document.net_cents,
      rate: document.rate_basis_points,
      tax: document.tax_cents,
      total: document.total_cents,
      currency: document.currency,
    },
    creditNotes: notes.map((note) => ({ number: note.number, issuedAt: note.issued_at, total: note.total_cents, currency: note.currency })),
  };
}

export type DocumentPageData = NonNullable<Awaited<ReturnType<typeof loadDocumentPage>>>;
