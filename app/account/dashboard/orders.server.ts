/** The dashboard's orders: every order of the address, with the part of its timeline the customer sees. */
import { ordersOfEmail } from "../../../server/db/accesses.ts";
import type { Database } from "../../../server/db/database.ts";
import { findInvoiceOfOrder } from "../../../server/db/invoices.ts";
import { listOrderEvents } from "../../../server/db/order-events.ts";
import type { OrderStatus } from "../../../server/db/schema.ts";
import type { AccountFormat } from "./format";
import { customerHistory, type HistoryKind } from "./history";

export interface OrderLine {
  reference: string;
  placedAt: string;
  amount: string;
  /** "Visa" and "4242" when the card is known; null for a payment the processor did not describe. */
  card: { brand: string; last4: string } | null;
  status: OrderStatus;
  history: { kind: HistoryKind; at: string }[];
  /** The number of the order's invoice, once it is paid (orders paid before invoices existed have none). */
  invoiceNumber: string | null;
}

export async function loadOrders(db: Database, email: string, format: AccountFormat): Promise<OrderLine[]> {
  const orders = await ordersOfEmail(db, email);
  return Promise.all(
    orders.map(async (order) => ({
      reference: order.reference,
      placedAt: format.dateTime(order.created_at),
      amount: format.money(order.amount_cents, order.currency),
      card: order.card_brand && order.card_last4 ? { brand: format.cardBrand(order.card_brand), last4: order.card_last4 } : null,
      status: order.status,
      history: customerHistory(await listOrderEvents(db, order.id)).map((line) => ({ kind: line.kind, at: format.dateTime(line.at) })),
      invoiceNumber: (await findInvoiceOfOrder(db, order.id))?.number ?? null,
    })),
  );
}
