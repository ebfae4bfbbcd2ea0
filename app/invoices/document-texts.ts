/**
 * The words of an invoice or a credit note: every heading, label and line, from a DocumentView and the
 * account's `t` (texts in content/locales/account/<lang>/invoice.json). The HTML pages and the PDF lay out
 * exactly these strings, so what the customer reads in the account is what the PDF says. Pure.
 */
import type englishInvoiceTexts from "../../content/locales/account/en/invoice.json";
import type { TextKey } from "../i18n/translate";
import type { DocumentView } from "./document-view";

/** The texts a document's words come from: the `invoice` area of the account's, which its pages show too. */
export interface DocumentMessages {
  invoice: typeof englishInvoiceTexts;
}

/** The account's `t`, or one of these texts alone, narrowed to what this module asks (the `invoice.*` keys). */
export type DocumentT = (key: TextKey<DocumentMessages>, values?: Record<string, string | number>) => string;

export interface DocumentTexts {
  title: string;
  /** Short facts under the title: label and value. */
  facts: Array<{ label: string; value: string }>;
  /** A credit note's sentence naming the invoice it corrects. */
  correction: string | null;
  seller: { heading: string; lines: string[] };
  buyer: { heading: string; lines: string[] };
  itemsHeading: string;
  columns: { description: string; amount: string };
  item: { description: string; amount: string };
  /** Net, VAT at its rate, total: label and amount. */
  totals: Array<{ label: string; amount: string; strong?: boolean }>;
  /** "No VAT is charged …" when none is, and the currency the amounts are in. */
  notes: string[];
}

export function documentTexts(view: DocumentView, t: DocumentT): DocumentTexts {
  const isNote = view.kind === "credit-note";
  const { seller, buyer, item } = view;
  const facts = [
    { label: t("invoice.issuedOn"), value: view.issuedOn },
    { label: t("invoice.order"), value: view.orderReference },
  ];
  if (view.corrects) facts.push({ label: t("invoice.corrects"), value: view.corrects });
  if (view.period) facts.push({ label: t("invoice.period"), value: t("invoice.periodValue", view.period) });
  const described = { plan: item.plan, months: item.months, count: item.viewers };
  return {
    title: t(isNote ? "invoice.creditNoteTitle" : "invoice.title", { number: view.number }),
    facts,
    correction: view.corrects ? t("invoice.correctsNote", { number: view.corrects }) : null,
    seller: {
      heading: t("invoice.seller"),
      lines: [seller.legalName, ...seller.address, seller.country, t("invoice.taxId", { taxId: seller.taxId })],
    },
    buyer: { heading: t("invoice.buyer"), lines: [buyer.name, ...buyer.address, buyer.country] },
    itemsHeading: t("invoice.itemsHeading"),
    columns: { description: t("invoice.description"), amount: t("invoice.amount") },
    item: { description: t(isNote ? "invoice.refundItem" : "invoice.item", described), amount: view.net },
    totals: [
      { label: t("invoice.net"), amount: view.net },
      { label: t("invoice.vat", { rate: view.rate }), amount: view.tax },
      { label: t(isNote ? "invoice.totalRefunded" : "invoice.total"), amount: view.total, strong: true },
    ],
    notes: [
      ...(view.taxCharged ? [] : [t(isNote ? "invoice.noVatCreditNote" : "invoice.noVat")]),
      t("invoice.currency", { currency: view.currency }),
    ],
  };
}
