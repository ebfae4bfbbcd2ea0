/**
 * The console's order search (docs/decisions/0027): what a person types is looked for at the start of a
 * reference, an e-mail, a full name ("first last") or a last name, whatever the case, each through an index of
 * its own (migration 017), so a search costs the same at ten orders and at a million. A reference may be typed
 * without the shop's prefix ("7F3K" finds NS-7F3K-9QXD).
 */
import { type ExpressionBuilder, type Kysely, type RawBuilder, type SqlBool, sql } from "kysely";
import { isPostgres } from "./migrations/portable.ts";
import { ORDER_REFERENCE_PREFIX } from "./orders.ts";
import type { DatabaseSchema } from "./schema.ts";

/** The lower-cased columns the indexes hold; the text must stay exactly as migration 017 wrote it. */
const searched = {
  reference: "lower(reference)",
  email: "lower(email)",
  name: "lower(first_name || ' ' || last_name)",
  lastName: "lower(last_name)",
} as const;

/** Greater than every character, so `[prefix, prefix + last)` holds every text that starts with `prefix`. */
const lastCharacter = String.fromCodePoint(0x10ffff);

/** The prefixes a search stands for: the text itself, and as a reference without the shop's prefix. */
export function searchPrefixes(search: string): { text: string; reference: string } {
  const text = search.trim().replace(/\s+/g, " ").toLowerCase();
  const prefix = `${ORDER_REFERENCE_PREFIX.toLowerCase()}-`;
  return { text, reference: text.startsWith(prefix) ? text : `${prefix}${text}` };
}

function indexed(db: Kysely<DatabaseSchema>, expression: string): RawBuilder<string> {
  // PostgreSQL compares the index's text in the "C" collation: a prefix is then a range of bytes.
  return isPostgres(db as Kysely<unknown>) ? sql.raw(`(${expression} collate "C")`) : sql.raw(`(${expression})`);
}

function startsWith(column: RawBuilder<string>, prefix: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${column} >= ${prefix} and ${column} < ${prefix + lastCharacter})`;
}

/** The orders whose reference, e-mail, full name or last name starts with `search`. */
export function matchesSearch(db: Kysely<DatabaseSchema>, search: string) {
  const { text, reference } = searchPrefixes(search);
  return (where: ExpressionBuilder<DatabaseSchema, "orders">) =>
    where.or([
      startsWith(indexed(db, searched.reference), text),
      startsWith(indexed(db, searched.reference), reference),
      startsWith(indexed(db, searched.email), text),
      startsWith(indexed(db, searched.name), text),
      startsWith(indexed(db, searched.lastName), text),
    ]);
}
