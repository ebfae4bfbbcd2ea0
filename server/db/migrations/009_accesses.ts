import { type Kysely, sql } from "kysely";
import { idColumn, timestampType } from "./portable.ts";

/**
 * Accesses, separate from the orders that pay for them: an access (one line in the operator's panel) has one
 * or more orders, each adding a period. Orders say which access they paid for, and which they renew.
 *
 * Every delivered order (one order, one access until now) becomes an access with its reference, its sealed
 * details copied as they are (never opened: the migration needs no key), its period and where it stands: a
 * refunded order's access is revoked. The order keeps `access_starts_at`/`access_ends_at` as the period it
 * paid; its `access_details` move to the access and the column goes (`down` puts them back).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("accesses")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("reference", "text", (column) => column.notNull())
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("plan_key", "text", (column) => column.notNull())
    .addColumn("viewers", "integer", (column) => column.notNull())
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("details", "text")
    .addColumn("starts_at", timestampType, (column) => column.notNull())
    .addColumn("ends_at", timestampType, (column) => column.notNull())
    .addColumn("revoked_at", timestampType)
    .addColumn("revoke_reason", "text")
    .addColumn("created_at", timestampType, (column) => column.notNull())
    .addColumn("updated_at", timestampType, (column) => column.notNull())
    .execute();
  await db.schema.createIndex("accesses_reference_key").on("accesses").column("reference").unique().execute();
  await db.schema.createIndex("accesses_email_idx").on("accesses").columns(["email", "ends_at"]).execute();
  await db.schema.createIndex("accesses_status_ends_idx").on("accesses").columns(["status", "ends_at"]).execute();

  await db.schema.alterTable("orders").addColumn("access_id", "integer").execute();
  await db.schema.alterTable("orders").addColumn("renews_access_id", "integer").execute();
  await db.schema.createIndex("orders_access_idx").on("orders").column("access_id").execute();
  await db.schema.createIndex("orders_renews_access_idx").on("orders").column("renews_access_id").execute();

  // Delivered orders only: an order refunded before delivery had no access to move.
  await sql`insert into accesses (reference, email, plan_key, viewers, status, details, starts_at, ends_at,
      revoked_at, revoke_reason, created_at, updated_at)
    select reference, lower(trim(email)), plan_key, viewers,
      case status when 'fulfilled' then 'active' when 'expired' then 'expired' else 'revoked' end,
      access_details,
      coalesce(access_starts_at, paid_at, created_at),
      coalesce(access_ends_at, access_starts_at, paid_at, created_at),
      case status when 'refunded' then updated_at end,
      case status when 'refunded' then 'refund' end,
      coalesce(access_starts_at, paid_at, created_at),
      updated_at
    from orders
    where access_details is not null and status in ('fulfilled', 'expired', 'refunded')
    order by id`.execute(db);
  await sql`update orders set access_id = (select accesses.id from accesses where accesses.reference = orders.reference)
    where access_details is not null and status in ('fulfilled', 'expired', 'refunded')`.execute(db);
  await db.schema.alterTable("orders").dropColumn("access_details").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("orders").addColumn("access_details", "text").execute();
  // Each order gets back the details of the access it created (a renewal order never had any of its own).
  await sql`update orders set access_details = (select accesses.details from accesses
      where accesses.id = orders.access_id and accesses.reference = orders.reference)
    where access_id is not null`.execute(db);
  await db.schema.dropIndex("orders_renews_access_idx").execute();
  await db.schema.dropIndex("orders_access_idx").execute();
  await db.schema.alterTable("orders").dropColumn("renews_access_id").execute();
  await db.schema.alterTable("orders").dropColumn("access_id").execute();
  await db.schema.dropTable("accesses").execute();
}
