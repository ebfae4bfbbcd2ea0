/**
 * Test support for the account's dashboard and access page: a migrated database with orders paid (and
 * delivered) for an address, the access row each delivery makes, its details sealed with the bed's key, and
 * a customer session. Rows are written directly, so these tests do not depend on how delivery makes them.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { seal } from "../../server/admin/secret-box.ts";
import { createCustomerSession, readCustomerSession } from "../../server/db/customer-sessions.ts";
import { type DialectName, migrateToLatest } from "../../server/db/database.ts";
import { createOrder, markOrderPaid, type NewOrder } from "../../server/db/repositories.ts";
import type { Access, AccessStatus, CustomerSession, Order } from "../../server/db/schema.ts";
import { createTestDatabase, type TestDatabase } from "./databases.ts";
import { newOrder } from "./new-order.ts";

export const accessDetailsFor = (username: string) => ({
  username,
  password: "correct horse battery staple",
  serverUrl: "https://tv.example.net:8080",
  playlistUrl: `https://tv.example.net/get.php?username=${username}`,
});

export interface AccessOptions {
  status?: AccessStatus;
  startsAt?: Date;
  endsAt: Date;
  order?: Partial<NewOrder>;
  /** false: no details stored (not delivered yet). */
  details?: false;
}

export interface DashboardTestBed {
  handle: TestDatabase;
  key: Buffer;
  email: string;
  /** A paid order of the bed's address, created at `at`. */
  paidOrder(overrides?: Partial<NewOrder>, at?: Date): Promise<Order>;
  /** A paid order and the access it created (same reference), the order linked to it. */
  access(options: AccessOptions): Promise<{ order: Order; access: Access }>;
  /** A session of `email` (the bed's by default) that proved its mailbox at `verifiedAt`. */
  session(verifiedAt: Date, email?: string): Promise<CustomerSession>;
}

export async function createDashboardTestBed(dialect: DialectName = "sqlite"): Promise<DashboardTestBed> {
  const handle = await createTestDatabase(dialect);
  await migrateToLatest(handle.db, dialect);
  const { db } = handle;
  const key = randomBytes(32);
  const email = `camille-${randomUUID().slice(0, 8)}@example.com`;

  const paidOrder = async (overrides: Partial<NewOrder> = {}, at = new Date()) => {
    const { order } = await createOrder(db, newOrder({ email, language: "en", ...overrides }), at);
    await markOrderPaid(db, order.id, { gatewayReference: `test_${randomUUID()}` }, at);
    return db.selectFrom("orders").selectAll().where("id", "=", order.id).executeTakeFirstOrThrow();
  };

  const access = async ({ status = "active", startsAt, endsAt, order: overrides = {}, details }: AccessOptions) => {
    const start = startsAt ?? new Date(endsAt.getTime() - 30 * 24 * 3600_000);
    const order = await paidOrder(overrides, start);
    const at = start.toISOString();
    const row = await db
      .insertInto("accesses")
      .values({
        reference: order.reference,
        email: order.email.trim().toLowerCase(),
        plan_key: order.plan_key,
        viewers: order.viewers,
        status,
        details: details === false ? null : seal(key, JSON.stringify(accessDetailsFor(order.reference.toLowerCase()))),
        starts_at: at,
        ends_at: endsAt.toISOString(),
        revoked_at: status === "revoked" ? at : null,
        revoke_reason: status === "revoked" ? "refund" : null,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const linked = await db
      .updateTable("orders")
      .set({ access_id: row.id, status: status === "revoked" ? "refunded" : "fulfilled" })
      .where("id", "=", order.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { order: linked, access: row };
  };

  const session = async (verifiedAt: Date, who = email) => {
    const token = await createCustomerSession(db, { email: who, address: "198.51.100.7" }, verifiedAt);
    const found = await readCustomerSession(db, token, verifiedAt);
    if (!found) throw new Error("The session was not opened");
    return found;
  };

  return { handle, key, email, paidOrder, access, session };
}
