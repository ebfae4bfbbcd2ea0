import type { Timestamp } from "./schema.ts";

/** The one way the repositories write a time: ISO-8601 UTC text (see schema.ts for why text). */
export function timestamp(now: Date): Timestamp {
  return now.toISOString();
}
