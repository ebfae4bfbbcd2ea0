/**
 * `/account/invoices/:number`, on the server: an invoice of the signed-in customer's orders, with the credit
 * notes that correct it. Someone else's invoice answers 404, exactly as a number that does not exist, so the
 * page never tells whether a number is real. Every answer is `private, no-store`.
 */
import { data, type RouterContextProvider, redirect } from "react-router";
import { type Language, localeTags, localizePath } from "../../../common/languages";
import { creditNotesOfOrder, findInvoiceByNumber } from "../../../server/db/invoices.ts";
import { normalizeEmail } from "../../../server/db/newsletter.ts";
import { findOrderById } from "../../../server/db/orders.ts";
import type { CreditNote, Invoice, SellerSnapshot } from "../../../server/db/schema.ts";
import { logger } from "../../../server/logger.ts";
import { privateNoStore } from "../../cache-control";
import { servicesOf } from "../../services.server";
import { accountFormat } from "../dashboard/format";
import { currentSession } from "../session.server";

export function invoiceView(invoice: Invoice, notes: CreditNote[], orderReference: string, language: Language, timeZone: string | null) {
  const format = accountFormat(language, timeZone);
  const countries = new Intl.DisplayNames(localeTags[language], { type: "region" });
  const percent = new Intl.NumberFormat(localeTags[language], { style: "percent", maximumFractionDigits: 2 });
  const seller = JSON.parse(invoice.seller) as SellerSnapshot;
  // Always with the cents, as an invoice writes amounts (the shop's prices drop ",00").
  const amount = new Intl.NumberFormat(localeTags[language], { style: "currency", currency: invoice.currency, minimumFractionDigits: 2 });
  const money = (cents: number) => amount.format(cents / 100);
  return {
    number: invoice.number,
    issuedOn: format.date(invoice.issued_at),
    orderReference,
    seller: { ...seller, country: countries.of(seller.country) ?? seller.country },
    buyer: {
      name: invoice.buyer_name,
      address: JSON.parse(invoice.buyer_address) as string[],
      country: countries.of(invoice.buyer_country) ?? invoice.buyer_country,
    },
    item: { plan: invoice.plan_name, months: invoice.months, viewers: invoice.viewers },
    net: money(invoice.net_cents),
    rate: percent.format(invoice.rate_basis_points / 10_000),
    tax: money(invoice.tax_cents),
    total: money(invoice.total_cents),
    taxCharged: invoice.tax_basis !== "not-charged",
    creditNotes: notes.map((note) => ({ number: note.number, issuedOn: format.date(note.issued_at), total: money(note.total_cents) })),
  };
}

export type InvoiceView = ReturnType<typeof invoiceView>;

const answer = <T>(body: T, status = 200) => data(body, { status, headers: privateNoStore });

export async function loadInvoicePage(context: Readonly<RouterContextProvider>, request: Request, number: string, language: Language) {
  try {
    const { db } = await servicesOf(context);
    const session = await currentSession(db, request);
    if (!session) return redirect(localizePath("/account", language), { status: 303, headers: privateNoStore });
    const invoice = number.length <= 40 ? await findInvoiceByNumber(db, number) : undefined;
    const order = invoice && (await findOrderById(db, invoice.order_id));
    if (!invoice || !order || normalizeEmail(order.email) !== normalizeEmail(session.email)) {
      return answer({ state: "not-found" as const }, 404);
    }
    const notes = await creditNotesOfOrder(db, order.id);
    return answer({ state: "found" as const, invoice: invoiceView(invoice, notes, order.reference, language, session.time_zone) });
  } catch (error) {
    logger.error({ reason: (error as Error).message }, "An account's invoice page could not be loaded");
    return answer({ state: "unavailable" as const }, 503);
  }
}
