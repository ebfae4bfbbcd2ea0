import type { Kysely } from "kysely";

/**
 * The daily retention sweep deletes the code mails (sign-in, step-up, trial code) older than a day, by kind
 * and date (retention-sweep.ts). Without an index that read every stored mail each day, millions on a shop
 * that has run for years; with it, only the mails it deletes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("mails_kind_created_idx").on("mails").columns(["kind", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("mails_kind_created_idx").execute();
}
