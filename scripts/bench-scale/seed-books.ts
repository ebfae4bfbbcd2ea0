/**
 * The books of the planned shop (docs/decisions/0021): an invoice for every paid order, issued when it was
 * paid and numbered without gaps per year, a credit note for every refund, and the year counters that
 * say where each series stands.
 */
import { splitInclusive } from "../../common/tax.ts";
import { applicableRate, type TaxRatesTable } from "../../common/tax-rates.ts";
import { site } from "../../content/site.ts";
import taxRates from "../../content/tax-rates.json" with { type: "json" };
import { documentNumber } from "../../server/db/invoices.ts";
import type { OrderPlan } from "./seed-plans.ts";
import { iso, type TableRows } from "./seed-rows.ts";
import type { PlannedShop } from "./seed-shop.ts";

const shared = [
  "number",
  "year",
  "sequence",
  "issued_at",
  "language",
  "seller",
  "buyer_name",
  "buyer_address",
  "buyer_country",
  "net_cents",
  "rate_basis_points",
  "tax_cents",
  "total_cents",
  "currency",
  "tax_basis",
  "rates_as_of",
  "created_at",
  "updated_at",
];

interface Books {
  invoices: unknown[][];
  creditNotes: unknown[][];
  counters: unknown[][];
}

export function planBooks(shop: PlannedShop): Books {
  const { legalName, address, country, taxId, invoicePrefix } = site.seller;
  const seller = JSON.stringify({ legalName, address: [...address], country, taxId });
  const lastNumbers = new Map<string, number>();
  const take = (series: "invoice" | "credit-note", at: number) => {
    const year = new Date(at).getUTCFullYear();
    const sequence = (lastNumbers.get(`${series} ${year}`) ?? 0) + 1;
    lastNumbers.set(`${series} ${year}`, sequence);
    return { year, sequence, number: documentNumber(invoicePrefix, series, year, sequence) };
  };
  const paid = shop.orders.filter((order) => order.paidAt !== null).sort((a, b) => (a.paidAt as number) - (b.paidAt as number));
  const invoiceIds = new Map<OrderPlan, { id: number; number: string; columns: unknown[] }>();
  const invoices = paid.map((order, index) => {
    const customer = shop.customers[order.customer];
    if (!customer) throw new Error(`Order ${order.id} has no customer`);
    const rate = applicableRate("eu-oss", customer.country, taxRates as TaxRatesTable);
    const split = splitInclusive(order.amountCents, rate.rateBasisPoints);
    const { year, sequence, number } = take("invoice", order.paidAt as number);
    const issued = iso(order.paidAt);
    const columns = [
      year,
      sequence,
      issued,
      customer.language,
      seller,
      `${customer.firstName} ${customer.lastName}`,
      JSON.stringify([customer.address, `${customer.postalCode} ${customer.city}`]),
      customer.country,
      split.netCents,
      split.rateBasisPoints,
      split.taxCents,
      split.totalCents,
      site.currency,
      rate.basis,
      rate.ratesAsOf,
    ];
    invoiceIds.set(order, { id: index + 1, number, columns });
    const plan = site.plans.find((candidate) => candidate.key === order.planKey);
    return [
      index + 1,
      number,
      ...columns,
      issued,
      issued,
      order.id,
      order.planKey,
      plan?.name ?? order.planKey,
      plan?.months ?? 1,
      order.viewers,
      order.renews ? iso(order.startsAt) : null,
      order.renews ? iso(order.endsAt) : null,
      customer.country,
    ];
  });
  const refunded = paid.filter((order) => order.refundedAt !== null).sort((a, b) => (a.refundedAt as number) - (b.refundedAt as number));
  const creditNotes = refunded.map((order) => {
    const invoice = invoiceIds.get(order);
    if (!invoice) throw new Error(`Refunded order ${order.id} has no invoice`);
    const { year, sequence, number } = take("credit-note", order.refundedAt as number);
    const issued = iso(order.refundedAt);
    const [, , , language, , buyerName, buyerAddress, buyerCountry, ...money] = invoice.columns;
    return [
      number,
      year,
      sequence,
      issued,
      language,
      seller,
      buyerName,
      buyerAddress,
      buyerCountry,
      ...money,
      issued,
      issued,
      invoice.id,
      invoice.number,
      order.id,
      order.amountCents,
    ];
  });
  const counters = [...lastNumbers].map(([key, last]) => {
    const [series, year] = key.split(" ");
    const at = iso(shop.now);
    return [series, Number(year), last, at, at];
  });
  return { invoices, creditNotes, counters };
}

export function booksTables(shop: PlannedShop): TableRows[] {
  const books = planBooks(shop);
  const invoiceColumns = [
    "id",
    ...shared,
    "order_id",
    "plan_key",
    "plan_name",
    "months",
    "viewers",
    "period_start",
    "period_end",
    "ip_country",
  ];
  return [
    { table: "invoices", columns: invoiceColumns, rows: books.invoices, explicitIds: true },
    {
      table: "credit_notes",
      columns: [...shared, "invoice_id", "invoice_number", "order_id", "refunded_cents_after"],
      rows: books.creditNotes,
    },
    { table: "document_counters", columns: ["series", "year", "last_number", "created_at", "updated_at"], rows: books.counters },
  ];
}
