/** The column types every table shares (conventions in schema.ts). */
import type { ColumnType } from "kysely";

/** ISO-8601 UTC timestamp text, as written by `new Date().toISOString()`. */
export type Timestamp = string;

export type ViewerCount = 1 | 2 | 3;

/** A column the database fills on insert and the application never changes afterwards. */
export type Immutable<T> = ColumnType<T, T, never>;
