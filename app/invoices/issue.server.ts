/**
 * Issues the invoice of a paid order and the credit note of a refund, inside the caller's transaction (the one
 * that records the payment or the refund): the number is taken there, so it exists if and only if the payment
 * or refund does (docs/decisions/0021-invoices-and-tax.md).
 */
import type { TaxMode } from "../../common/tax-rates";
import { site } from "../../content/site";
import taxRates from "../../content/tax-rates.json";
import { serverConfig } from "../../server/config.ts";
import type { Database } from "../../server/db/database.ts";
import {
  creditNotesOfOrder,
  documentNumber,
  findCreditNoteOfRefund,
  findInvoiceOfOrder,
  insertCreditNote,
  insertInvoice,
  takeNumber,
} from "../../server/db/invoices.ts";
import { recordOrderEvent } from "../../server/db/order-events.ts";
import type { CreditNote, Invoice, Order, SellerSnapshot } from "../../server/db/schema.ts";
import { findPlan } from "../content/plans";
import { creditNoteSplit, invoiceTax } from "./invoice-tax";

export interface IssueOptions {
  now?: Date;
  /** TAX_MODE; read from the configuration when not given. */
  taxMode?: TaxMode;
  /** The seller; content/site.ts when not given. */
  seller?: Seller;
}

/** The seller as content/site.ts describes them. */
export type Seller = Omit<SellerSnapshot, "address"> & { address: readonly string[]; invoicePrefix: string };

const sellerSnapshot = ({ legalName, address, country, taxId }: Seller): SellerSnapshot => ({
  legalName,
  address: [...address],
  country,
  taxId,
});

/** The buyer's postal address as the lines an envelope has. */
const buyerAddress = (order: Order) => [order.address, `${order.postal_code} ${order.city}`.trim()];

/**
 * The order's invoice, issued now if it has none: one per order, whichever path records the payment. When
 * the country of the payer's address (IP), or the one Stripe Tax taxed, and the billing country they typed
 * disagree, the order's timeline says so; the invoice follows the billing country (and Stripe's tax).
 */
export async function issueInvoice(db: Database, order: Order, options: IssueOptions = {}): Promise<Invoice> {
  const existing = await findInvoiceOfOrder(db, order.id);
  if (existing) return existing;
  const now = options.now ?? new Date();
  const seller: Seller = options.seller ?? site.seller;
  const { split, basis, ratesAsOf } = invoiceTax(options.taxMode ?? serverConfig().TAX_MODE, order, taxRates);
  const year = now.getUTCFullYear();
  const sequence = await takeNumber(db, "invoice", year, now);
  const plan = findPlan(order.plan_key);
  const invoice = await insertInvoice(
    db,
    {
      number: documentNumber(seller.invoicePrefix, "invoice", year, sequence),
      year,
      sequence,
      issued_at: now.toISOString(),
      language: order.language,
      seller: JSON.stringify(sellerSnapshot(seller)),
      buyer_name: `${order.first_name} ${order.last_name}`.trim(),
      buyer_address: JSON.stringify(buyerAddress(order)),
      buyer_country: order.country,
      net_cents: split.netCents,
      rate_basis_points: split.rateBasisPoints,
      tax_cents: split.taxCents,
      total_cents: split.totalCents,
      currency: order.currency,
      tax_basis: basis,
      rates_as_of: ratesAsOf,
      order_id: order.id,
      plan_key: order.plan_key,
      plan_name: plan?.name ?? order.plan_key,
      months: plan?.months ?? 1,
      viewers: order.viewers,
      period_start: order.access_starts_at,
      period_end: order.access_ends_at,
      ip_country: order.ip_country,
    },
    now,
  );
  const taxCountry = order.processor_tax_country;
  if ([order.ip_country, taxCountry].some((country) => country && country !== order.country)) {
    const details = {
      billingCountry: order.country,
      ipCountry: order.ip_country,
      ...(taxCountry && { taxCountry }),
      invoice: invoice.number,
    };
    await recordOrderEvent(db, { orderId: order.id, type: "country-mismatch", actor: "system", details });
  }
  return invoice;
}

/**
 * The credit note of a refund just recorded (`order` as it is after it, `refundedCents` what this refund
 * gave back), naming the order's invoice, at that invoice's rate. One per refund: the same refund recorded
 * again finds its note. An order paid before invoices existed has none to correct, and gets none.
 */
export async function issueCreditNote(
  db: Database,
  order: Order,
  refundedCents: number,
  options: Pick<IssueOptions, "now" | "seller"> = {},
): Promise<CreditNote | undefined> {
  const invoice = await findInvoiceOfOrder(db, order.id);
  if (!invoice || refundedCents <= 0) return undefined;
  const existing = await findCreditNoteOfRefund(db, order.id, order.refunded_cents);
  if (existing) return existing;
  const now = options.now ?? new Date();
  const earlier = order.refunded_cents >= invoice.total_cents ? await creditNotesOfOrder(db, order.id) : [];
  const split = creditNoteSplit(invoice, refundedCents, order.refunded_cents, earlier);
  const year = now.getUTCFullYear();
  const sequence = await takeNumber(db, "credit-note", year, now);
  const seller: Seller = options.seller ?? site.seller;
  return insertCreditNote(
    db,
    {
      number: documentNumber(seller.invoicePrefix, "credit-note", year, sequence),
      year,
      sequence,
      issued_at: now.toISOString(),
      language: invoice.language,
      seller: JSON.stringify(sellerSnapshot(seller)),
      buyer_name: invoice.buyer_name,
      buyer_address: invoice.buyer_address,
      buyer_country: invoice.buyer_country,
      net_cents: split.netCents,
      rate_basis_points: split.rateBasisPoints,
      tax_cents: split.taxCents,
      total_cents: split.totalCents,
      currency: invoice.currency,
      tax_basis: invoice.tax_basis,
      rates_as_of: invoice.rates_as_of,
      invoice_id: invoice.id,
      invoice_number: invoice.number,
      order_id: order.id,
      refunded_cents_after: order.refunded_cents,
    },
    now,
  );
}
