/**
 * An invoice or a credit note as it reads, in one language: every date, amount, rate and country already
 * formatted. The account's HTML pages and the PDFs (pdf.server.ts) both draw this view with the same texts
 * (content/locales/account/<lang>/invoice.json), so the two never say different things. Pure.
 *
 * Dates are written in UTC, whoever reads them: the date of issue is a fact of the document (its number's year
 * is the UTC year too), not of the reader's clock, and a PDF has no reader's zone to ask.
 */
import { type Language, localeTags } from "../../common/languages";
import type { CreditNote, Invoice, SellerSnapshot } from "../../server/db/schema.ts";

export interface DocumentView {
  kind: "invoice" | "credit-note";
  number: string;
  issuedOn: string;
  /** The moment of issue, ISO 8601 (the PDF's creation date). */
  issuedAt: string;
  orderReference: string;
  /** A credit note's: the number of the invoice it corrects. */
  corrects: string | null;
  seller: SellerSnapshot;
  buyer: { name: string; address: string[]; country: string };
  item: { plan: string; months: number; viewers: number };
  /** The access period, when the invoice knew it. */
  period: { start: string; end: string } | null;
  net: string;
  rate: string;
  tax: string;
  total: string;
  /** ISO 4217, written out once on the document beside the amounts' symbols. */
  currency: string;
  taxCharged: boolean;
}

/** How one language writes a document's dates, countries, rates and amounts (always with the cents). */
export function documentFormat(language: Language, currency: string): DocumentFormat {
  // Made once per language and currency: building Intl formatters cost more than the rest of a PDF's words,
  // and the month's ZIP draws thousands of documents in a handful of combinations.
  const key = `${language} ${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = newDocumentFormat(language, currency);
    formats.set(key, format);
  }
  return format;
}

export type DocumentFormat = ReturnType<typeof newDocumentFormat>;
const formats = new Map<string, DocumentFormat>();

function newDocumentFormat(language: Language, currency: string) {
  const locale = localeTags[language];
  const countries = new Intl.DisplayNames(locale, { type: "region" });
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 });
  const amount = new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: 2 });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" });
  return {
    date: (iso: string) => date.format(new Date(iso)),
    country: (code: string) => countries.of(code) ?? code,
    rate: (basisPoints: number) => percent.format(basisPoints / 10_000),
    money: (cents: number) => amount.format(cents / 100),
  };
}

type Amounts = Pick<Invoice, "net_cents" | "rate_basis_points" | "tax_cents" | "total_cents" | "currency" | "tax_basis">;
type Parties = Pick<Invoice, "seller" | "buyer_name" | "buyer_address" | "buyer_country">;

function common(document: Amounts & Parties & { number: string; issued_at: string }, language: Language) {
  const format = documentFormat(language, document.currency);
  const seller = JSON.parse(document.seller) as SellerSnapshot;
  return {
    number: document.number,
    issuedOn: format.date(document.issued_at),
    issuedAt: document.issued_at,
    seller: { ...seller, country: format.country(seller.country) },
    buyer: {
      name: document.buyer_name,
      address: JSON.parse(document.buyer_address) as string[],
      country: format.country(document.buyer_country),
    },
    net: format.money(document.net_cents),
    rate: format.rate(document.rate_basis_points),
    tax: format.money(document.tax_cents),
    total: format.money(document.total_cents),
    currency: document.currency,
    taxCharged: document.tax_basis !== "not-charged",
  };
}

function itemOf(invoice: Invoice, language: Language) {
  const format = documentFormat(language, invoice.currency);
  return {
    item: { plan: invoice.plan_name, months: invoice.months, viewers: invoice.viewers },
    period:
      invoice.period_start && invoice.period_end
        ? { start: format.date(invoice.period_start), end: format.date(invoice.period_end) }
        : null,
  };
}

export function invoiceView(invoice: Invoice, orderReference: string, language: Language): DocumentView {
  return { kind: "invoice", ...common(invoice, language), ...itemOf(invoice, language), orderReference, corrects: null };
}

/** A credit note: its own amounts and parties, what was sold from the invoice it corrects. */
export function creditNoteView(note: CreditNote, invoice: Invoice, orderReference: string, language: Language): DocumentView {
  return { kind: "credit-note", ...common(note, language), ...itemOf(invoice, language), orderReference, corrects: note.invoice_number };
}
