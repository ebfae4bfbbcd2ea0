/** The console's tables: operators, their second factor and sessions, and the audit log (see schema.ts). */
import type { ColumnType, Generated, Selectable } from "kysely";
import type { Immutable, Timestamp } from "./columns.ts";

/** Someone who runs the shop from the console. Made with `npm run operator`. */
export interface OperatorsTable {
  id: Generated<number>;
  /** Trimmed and lower-cased; unique. */
  email: string;
  /** scrypt, in the self-describing format of server/admin/passwords.ts. */
  password_hash: string;
  /** The TOTP secret (base32), encrypted like access details; set while setting up, used once enabled. */
  totp_secret: string | null;
  totp_enabled_at: Timestamp | null;
  /** The last time step a TOTP code was accepted for (migration 006): only later steps' codes work. */
  totp_last_step: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Immutable<Timestamp>;
  updated_at: Timestamp;
}

export interface OperatorRecoveryCodesTable {
  id: Generated<number>;
  operator_id: number;
  /** SHA-256 of the code; each code works once. */
  code_hash: string;
  used_at: Timestamp | null;
  created_at: Immutable<Timestamp>;
  updated_at: Timestamp;
}

export interface OperatorSessionsTable {
  id: Generated<number>;
  operator_id: number;
  token_hash: string;
  verified_at: Timestamp | null;
  address: string;
  /** Moves with each request; 30 minutes without one ends the session. */
  last_seen_at: Timestamp;
  /** 12 hours after sign-in, whatever happens. */
  expires_at: Timestamp;
  ended_at: Timestamp | null;
  created_at: Immutable<Timestamp>;
  updated_at: Timestamp;
}

/** Every operator action, and every failed sign-in: who, what, on what, from where, when. */
export interface AuditLogTable {
  id: Generated<number>;
  operator_id: number | null;
  operator_email: string | null;
  /** `sign-in`, `sign-in-failed`, `sign-out`, `deliver`, `refund`, `resend`, `export`, … */
  action: string;
  /** What it was done to: an order reference, a message id, … */
  subject: string | null;
  address: string;
  /** A short JSON object with what else matters (never a secret). */
  details: string | null;
  created_at: Immutable<Timestamp>;
  updated_at: Timestamp;
}

export type Operator = Selectable<OperatorsTable>;
export type OperatorSession = Selectable<OperatorSessionsTable>;
export type AuditEntry = Selectable<AuditLogTable>;
