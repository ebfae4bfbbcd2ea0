/**
 * Reading the counts migration 018 keeps in `tallies` (one row per count, moved by triggers in the same
 * transaction as the rows counted): `accesses:<kind>:<status>` and `newsletter:<state>`.
 */
import type { Database } from "./database.ts";

/** Every count whose name starts with `prefix`, by the rest of its name (`newsletter:` → `{ confirmed: 12, … }`). */
export async function readTallies(db: Database, prefix: string): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom("tallies")
    .select(["name", "count"])
    .where("name", ">=", prefix)
    .where("name", "<", `${prefix}\u{10ffff}`)
    .execute();
  // PostgreSQL's integer comes back a number, but keep the sum exact whatever the driver gives.
  return Object.fromEntries(rows.map((row) => [row.name.slice(prefix.length), Number(row.count)]));
}
