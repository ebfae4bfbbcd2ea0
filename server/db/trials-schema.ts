/**
 * Free trials (migration 016, docs/decisions/0026-free-trials.md; conventions in schema.ts). A row is made
 * when a visitor asks for a trial and holds the mailed code's salted hash until the address is confirmed;
 * a requested row that is never confirmed is deleted a day later (trials.ts).
 */
import type { ColumnType, Generated, Selectable } from "kysely";
import type { Immutable, Timestamp, ViewerCount } from "./columns.ts";

/**
 * requested (a code mailed) → confirmed (the code typed: the line is being prepared) → delivered (an access
 * of kind `trial` made, by the provisioning system or an operator) → expired (its access ended).
 */
export type TrialStatus = "requested" | "confirmed" | "delivered" | "expired";

export interface TrialsTable {
  id: Generated<number>;
  /** `TR-XXXX-XXXX`, the reference of the trial and of the access it makes. */
  reference: Immutable<string>;
  /** Trimmed and lower-cased: where the trial's mails go. */
  email: Immutable<string>;
  /**
   * The mailbox the e-mail reaches (common/canonical-email.ts), which the one-trial-per-address limit compares:
   * unique among confirmed trials (migration 021).
   */
  email_key: Immutable<string>;
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  language: string;
  /** Kept 30 days from the request (the per-address limit), then cleared (trials.ts). */
  client_address: string | null;
  status: TrialStatus;
  /** `<salt>.<SHA-256 of salt and code>` while requested; null once confirmed. */
  code_hash: string | null;
  wrong_codes: ColumnType<number, number | undefined, number>;
  code_expires_at: Immutable<Timestamp>;
  /** The trial's length and viewers when asked for (content/site.ts may change later). */
  hours: Immutable<number>;
  viewers: Immutable<ViewerCount>;
  access_id: number | null;
  confirmed_at: Timestamp | null;
  delivered_at: Timestamp | null;
  ends_at: Timestamp | null;
  created_at: Immutable<Timestamp>;
  updated_at: Timestamp;
}

export type Trial = Selectable<TrialsTable>;

/**
 * The connections that had a trial (migration 021): one row per connection, the newest confirmation from it.
 * A confirmation claims its row by one conditional upsert on the primary key, so two servers confirming
 * trials from one connection at once give one trial. Deleted 30 days after (trials.ts's housekeeping).
 */
export interface TrialConnectionsTable {
  /** The hashed network of the connection (an IPv6 client's /64, limit-keys.ts), so the table holds no address. */
  network_key: Immutable<string>;
  confirmed_at: Timestamp;
}

/** The console's filters of the list: a state, or every trial (a request never confirmed is not listed). */
export const trialListStates = ["confirmed", "delivered", "expired", "all"] as const;
export type TrialListState = (typeof trialListStates)[number];
