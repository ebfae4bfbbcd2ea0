/**
 * The customer's side of the database (see schema.ts for the conventions): the accesses orders pay for, and
 * the account's passwordless sign-ins, sessions and preferences. A customer is their e-mail address: there
 * is no customer row, so an order placed before the account existed belongs to it by its address.
 */
import type { ColumnType, Generated, Selectable } from "kysely";
import type { PlanKey } from "../../content/site.ts";
import type { Immutable, Timestamp, ViewerCount } from "./columns.ts";

/**
 * active → expired (its end passed) | revoked (a full refund or a dispute); expired → active (renewed). Only a
 * revoked access stays revoked.
 */
export type AccessStatus = "active" | "expired" | "revoked";

/** `paid`: orders pay for it; `trial`: a free trial made it (trials-schema.ts), and nothing renews it. */
export type AccessKind = "paid" | "trial";

/**
 * What the customer watches with: one line in the operator's panel (credentials, viewers, an end date). The
 * first order that pays for it creates it when delivered; each renewal moves its end (docs/decisions).
 */
export interface AccessesTable {
  id: Generated<number>;
  /** The public id the provisioning system and the customer see: the reference of the order that created it. */
  reference: Immutable<string>;
  /** The owner's address, trimmed and lower-cased. */
  email: string;
  plan_key: PlanKey;
  viewers: ViewerCount;
  status: AccessStatus;
  /** The credentials and URLs, AES-256-GCM sealed like every secret (server/admin/secret-box.ts). */
  details: string | null;
  starts_at: Timestamp;
  ends_at: Timestamp;
  revoked_at: Timestamp | null;
  /** `refund` or `dispute`. */
  revoke_reason: string | null;
  /** Migration 016; every access before it is paid, and so is one inserted without saying. */
  kind: ColumnType<AccessKind, AccessKind | undefined, never>;
  created_at: Immutable<Timestamp>;
  updated_at: Timestamp;
}

/**
 * One request to sign in (or, with `customer_session_id`, to confirm a signed-in session afresh): a link token and a
 * 6-digit code, both stored hashed, each usable once, void after `expires_at` or the fifth wrong code.
 */
export interface CustomerSignInsTable {
  id: Generated<number>;
  email: Immutable<string>;
  language: Immutable<string>;
  /**
   * Replaced once, when the mail is written (customer-sign-ins.ts): a sign-in is recorded for every address
   * asked for, with secrets nobody is told, and only an address with orders gets a mail with new ones.
   */
  token_hash: string;
  /** `<salt>.<SHA-256 of salt and code>`, hex. */
  code_hash: string;
  /** The session being confirmed afresh; null for a sign-in. */
  customer_session_id: Immutable<number | null>;
  wrong_codes: ColumnType<number, number | undefined, number>;
  expires_at: Immutable<Timestamp>;
  used_at: Timestamp | null;
  created_at: Immutable<Timestamp>;
  updated_at: Timestamp;
}

/** A signed-in customer's browser: the cookie carries a token whose hash is here. */
export interface CustomerSessionsTable {
  id: Generated<number>;
  email: Immutable<string>;
  token_hash: Immutable<string>;
  /** When the customer last proved they read the address's mail (the sign-in, or a fresh code). */
  verified_at: Timestamp;
  /** 12 hours after sign-in, or 30 days once access details were revealed within 10 minutes of it. */
  expires_at: Timestamp;
  ended_at: Timestamp | null;
  /** The client address that signed in (for the customer's own list of sessions and the reveal lines). */
  address: string;
  /** The browser's IANA time zone when it signed in (null without JavaScript): the account's dates use it. */
  time_zone: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Immutable<Timestamp>;
  updated_at: Timestamp;
}

/** What a customer chose in their account; no row means the defaults (the language of each order). */
export interface CustomerPreferencesTable {
  id: Generated<number>;
  email: Immutable<string>;
  /** The language of the shop's mails to this address; null: the language the order was placed in. */
  mail_language: string | null;
  created_at: Immutable<Timestamp>;
  updated_at: Timestamp;
}

export type Access = Selectable<AccessesTable>;
export type CustomerSignIn = Selectable<CustomerSignInsTable>;
export type CustomerSession = Selectable<CustomerSessionsTable>;
export type CustomerPreferences = Selectable<CustomerPreferencesTable>;
