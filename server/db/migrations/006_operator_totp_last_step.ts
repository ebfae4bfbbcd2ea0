import type { Kysely } from "kysely";

/**
 * The last TOTP time step an operator's code was accepted for. A code is accepted only for a later step
 * (RFC 6238, section 5.2): a code seen over a shoulder, or an earlier step's code still inside the clock-drift
 * window, is refused once a later one was used, on every server.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("operators").addColumn("totp_last_step", "integer").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("operators").dropColumn("totp_last_step").execute();
}
