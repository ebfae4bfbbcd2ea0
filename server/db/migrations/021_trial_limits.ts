import { type Kysely, sql } from "kysely";
import { canonicalEmail } from "../../../common/canonical-email.ts";
import { clientKey } from "../limit-keys.ts";
import { timestampType } from "./portable.ts";

/**
 * The free trial's limits, made hard to dodge (docs/decisions/0026-free-trials.md):
 * - `trials.email_key`, the mailbox the e-mail reaches (case, `+tag`, Gmail's dots), unique among confirmed
 *   trials in place of the e-mail itself. Trials confirmed before under two spellings of one mailbox keep
 *   theirs: the later ones get a key of their own (`#` and their id, which no mailbox's key ends with).
 * - `trial_connections`, one row per connection (an IPv6 client's /64) that had a trial, claimed by a
 *   conditional upsert on its primary key when a trial is confirmed, so servers confirming at once from one
 *   connection give one trial; filled from the trials confirmed before.
 */
type Row = { id: number; email: string; status: string; client_address: string | null; confirmed_at: string | null };

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("trials")
    .addColumn("email_key", "text", (column) => column.notNull().defaultTo(""))
    .execute();
  await db.schema
    .createTable("trial_connections")
    .addColumn("network_key", "text", (column) => column.primaryKey())
    .addColumn("confirmed_at", timestampType, (column) => column.notNull())
    .execute();

  const rows = (await sql<Row>`select id, email, status, client_address, confirmed_at from trials order by id`.execute(db)).rows;
  const keys = new Set<string>();
  const connections = new Map<string, string>();
  for (const row of rows) {
    let key = canonicalEmail(row.email);
    if (row.status !== "requested") {
      if (keys.has(key)) key = `${key}#${row.id}`;
      keys.add(key);
      if (row.client_address && row.confirmed_at) {
        const network = clientKey("trial-connection", row.client_address);
        if ((connections.get(network) ?? "") < row.confirmed_at) connections.set(network, row.confirmed_at);
      }
    }
    await sql`update trials set email_key = ${key} where id = ${row.id}`.execute(db);
  }
  for (const [network, confirmedAt] of connections) {
    await sql`insert into trial_connections (network_key, confirmed_at) values (${network}, ${confirmedAt})`.execute(db);
  }

  await db.schema.dropIndex("trials_confirmed_email_key").execute();
  await db.schema
    .createIndex("trials_confirmed_email_key_key")
    .on("trials")
    .column("email_key")
    .unique()
    .where(sql.ref("status"), "<>", "requested")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("trials_confirmed_email_key_key").execute();
  await db.schema
    .createIndex("trials_confirmed_email_key")
    .on("trials")
    .column("email")
    .unique()
    .where(sql.ref("status"), "<>", "requested")
    .execute();
  await db.schema.dropTable("trial_connections").execute();
  await db.schema.alterTable("trials").dropColumn("email_key").execute();
}
