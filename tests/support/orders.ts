/**
 * Test support for the order actions: a migrated database with the test gateway, a key, an operator, and
 * orders in the states the actions start from, for the tests of app/admin/orders/ and those that need a paid order.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { RouterContextProvider } from "react-router";
import { fulfilOrder } from "../../app/access/deliver.server";
import type { ConsoleOperator, ConsoleServices } from "../../app/admin/orders/console-services.server";
import { recordPayment } from "../../app/checkout/record-payment.server";
import { servicesContext } from "../../app/services.server";
import { createOperator } from "../../server/admin/operators.ts";
import type { AuditEntry } from "../../server/db/console-schema.ts";
import { type DialectName, migrateToLatest } from "../../server/db/database.ts";
import { createOrder, findOrderById, type NewOrder } from "../../server/db/repositories.ts";
import type { Mail, Order } from "../../server/db/schema.ts";
import { createTestGateway } from "../../server/payments/test-gateway.ts";
import { createTestDatabase, type TestDatabase } from "./databases.ts";
import { someonesOrder } from "./new-order.ts";

/** What a test delivers: every configured field. */
export const testAccessDetails = {
  username: "line_2026",
  password: "Tr0ub4dor&3-test",
  serverUrl: "https://tv.example.net:8080",
  playlistUrl: "https://tv.example.net/get.php?type=m3u",
};

export interface OrderTestBed {
  handle: TestDatabase;
  services: ConsoleServices;
  /** How many times the code under test woke the mail worker (`services.wakeMail`). */
  mailWakes(): number;
  operator: ConsoleOperator;
  /** A pending order, nothing charged yet. */
  pendingOrder(overrides?: Partial<NewOrder>): Promise<Order>;
  /** An order charged with 4242 4242 4242 4242 and recorded as paid, its confirmation mail queued. */
  paidOrder(overrides?: Partial<NewOrder>): Promise<Order>;
  /** Charges a pending order at the gateway without telling the shop (as a crash after the charge would). */
  chargeOnly(order: Order): Promise<string>;
  /** A paid order delivered now with {@link testAccessDetails}: its access created. */
  deliveredOrder(overrides?: Partial<NewOrder>): Promise<Order>;
  /** A renewal of the access, paid: placed like the checkout places one (renews_access_id), then paid. */
  paidRenewal(access: number, overrides?: Partial<NewOrder>): Promise<Order>;
  /** The sealed details of the access the order paid for, or null when it has none (yet). */
  sealedDetailsOf(order: Pick<Order, "id">): Promise<string | null>;
  /** A router context whose services are this bed's, for a route's loader or action. */
  routeContext(): RouterContextProvider;
  /** The mails stored for an order, oldest first. */
  mailsOf(order: Pick<Order, "id">): Promise<Mail[]>;
  /** The audit log's lines about an order. */
  auditOf(order: Pick<Order, "reference">): Promise<AuditEntry[]>;
}

export async function createOrderTestBed(dialect: DialectName = "sqlite"): Promise<OrderTestBed> {
  const handle = await createTestDatabase(dialect);
  await migrateToLatest(handle.db, dialect);
  const db = handle.db;
  const gateway = createTestGateway({ db, delayMs: 0 });
  let wakes = 0;
  const services: ConsoleServices = { db, consoleDb: db, gateway, accessKey: randomBytes(32), wakeMail: () => void wakes++ };
  const { id, email } = await createOperator(db, `ops-${randomUUID().slice(0, 8)}@example.com`, "not-a-real-hash");

  const pendingOrder = async (overrides: Partial<NewOrder> = {}) => (await createOrder(db, someonesOrder(overrides))).order;

  const chargeOnly = async (order: Order) => {
    const card = { number: "4242424242424242", expiry: "12/30", cvv: "123", brand: "visa" as const };
    const result = await gateway.charge({ reference: order.reference, amountCents: order.amount_cents, currency: order.currency, card });
    if (result.status !== "approved") throw new Error(`The test card was not approved: ${result.status}`);
    return result.gatewayReference;
  };

  const paidOrder = async (overrides: Partial<NewOrder> = {}) => {
    const order = await pendingOrder(overrides);
    await recordPayment(services, order, await chargeOnly(order));
    const paid = await findOrderById(db, order.id);
    if (paid?.status !== "paid") throw new Error("The order was not recorded as paid");
    return paid;
  };

  const deliveredOrder = async (overrides: Partial<NewOrder> = {}) => {
    const delivered = await fulfilOrder(services, await paidOrder(overrides), testAccessDetails, "provisioning");
    if (!delivered) throw new Error("The order was not delivered");
    return delivered;
  };

  const paidRenewal = async (access: number, overrides: Partial<NewOrder> = {}) => {
    const order = await pendingOrder({ ...overrides, renews_access_id: access });
    await recordPayment(services, order, await chargeOnly(order));
    const paid = await findOrderById(db, order.id);
    if (!paid) throw new Error("The renewal is gone");
    return paid;
  };

  const sealedDetailsOf = async (order: Pick<Order, "id">) => {
    const row = await db
      .selectFrom("orders")
      .leftJoin("accesses", "accesses.id", "orders.access_id")
      .select("accesses.details")
      .where("orders.id", "=", order.id)
      .executeTakeFirst();
    return row?.details ?? null;
  };

  return {
    handle,
    services,
    mailWakes: () => wakes,
    operator: { id, email },
    pendingOrder,
    paidOrder,
    chargeOnly,
    sealedDetailsOf,
    deliveredOrder,
    paidRenewal,
    routeContext: () => {
      const context = new RouterContextProvider();
      context.set(servicesContext, async () => services);
      return context;
    },
    mailsOf: (order) => db.selectFrom("mails").selectAll().where("order_id", "=", order.id).orderBy("id").execute(),
    auditOf: (order) => db.selectFrom("audit_log").selectAll().where("subject", "=", order.reference).execute(),
  };
}
