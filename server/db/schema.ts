/**
 * The database's tables as Kysely types: one truth for SQLite and PostgreSQL.
 *
 * Conventions, the same in every table:
 * - `id` is an integer the database assigns (SQLite rowid alias, PostgreSQL identity column).
 * - Money is integer cents next to an ISO 4217 currency code; never a float.
 * - Timestamps are ISO-8601 UTC text with milliseconds, always written by the application as `new Date().toISOString()` (e.g.
 *   `2026-03-01T09:30:00.000Z`). Why text and not PostgreSQL's `timestamptz`: SQLite has no date type, and one representation for both
 *   databases means one set of migrations, identical row types (a `string`, never sometimes a `Date`), and no driver-specific parsing. The
 *   format has a fixed width, so comparing and sorting the text compares and sorts the instants (`run_at <= now` works as a plain string
 *   comparison in both databases).
 * - Every row has `created_at` and `updated_at`; the repositories set both.
 */
import type { ColumnType, Generated, Insertable, Selectable } from "kysely";
import type { PlanKey } from "../../content/site.ts";
import type { AccessesTable, CustomerPreferencesTable, CustomerSessionsTable, CustomerSignInsTable } from "./accounts-schema.ts";
import type { BackupRunsTable } from "./backup-runs-schema.ts";
import type { Immutable, Timestamp, ViewerCount } from "./columns.ts";
import type { AuditLogTable, OperatorRecoveryCodesTable, OperatorSessionsTable, OperatorsTable } from "./console-schema.ts";
import type { CreditNotesTable, DocumentCountersTable, InvoicesTable } from "./invoices-schema.ts";
import type { SubscriptionsTable, TestGatewayCardsTable } from "./subscriptions-schema.ts";
import type { TrialConnectionsTable, TrialsTable } from "./trials-schema.ts";

export type * from "./accounts-schema.ts";
export type { Immutable, Timestamp, ViewerCount } from "./columns.ts";
export type * from "./console-schema.ts";
export type * from "./invoices-schema.ts";
export type * from "./subscriptions-schema.ts";
export type * from "./trials-schema.ts";

export type Language = import("../../common/languages.ts").Language;
/**
 * pending → paid | failed; paid → fulfilled → expired; paid/fulfilled → refunded (every change the code makes:
 * docs/decisions/0013-order-states.md).
 */
export type OrderStatus = "pending" | "paid" | "failed" | "fulfilled" | "expired" | "refunded";

export interface OrdersTable {
  id: Generated<number>;
  /** Short, unguessable, human-readable reference shown to the customer, e.g. `NS-7F3K-9QXD`. Unique. */
  reference: Immutable<string>;
  /** One per checkout submission, so a double click or a reload creates one order. Unique. */
  idempotency_key: Immutable<string>;
  plan_key: PlanKey;
  viewers: ViewerCount;
  amount_cents: number;
  /** ISO 4217 code, e.g. `EUR`. */
  currency: string;
  language: Language;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  city: string;
  postal_code: string;
  address: string;
  /**
   * Brand and last four digits only: the full number and the CVV are never stored. Null when the card was
   * entered on the processor's page and it did not tell them (or the payment was no card: PayPal, a wallet).
   */
  card_brand: string | null;
  card_last4: string | null;
  status: OrderStatus;
  /** The processor's payment (test gateway payment id, Stripe PaymentIntent id). */
  gateway_reference: string | null;
  failure_reason: string | null;
  confirmation_mail_sent_at: Timestamp | null;
  /** The processor's checkout session (Stripe Checkout Session id, or the test gateway's payment id). Unique. */
  payment_session_id: string | null;
  payment_processor: string | null;
  paid_at: Timestamp | null;
  refunded_cents: Generated<number>;
  refund_reference: string | null;
  /** When reconciliation may next ask the processor about this pending order; also its claim lease. */
  next_check_at: Timestamp | null;
  access_starts_at: Timestamp | null;
  access_ends_at: Timestamp | null;
  /** The access this order paid for (accounts-schema.ts): set when it was delivered, or paid as a renewal. */
  access_id: number | null;
  /** Set when the order was placed as a renewal of this access; never changed. */
  renews_access_id: Immutable<number | null>;
  /** The customer chose automatic renewal at checkout: once paid, the order starts a subscription. */
  renews_automatically: ColumnType<number, number | undefined, number>;
  /** Set on the order an automatic renewal charge made: the subscription that charged it. */
  subscription_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the operator was told this paid order had waited too long for its access (once). */
  delivery_alerted_at: Timestamp | null;
  /**
   * The visitor's address (as the HTTP layer saw it) while the payment is pending, so a decline learned later
   * counts against it; cleared once the order is paid or failed. Null for orders placed before it was kept.
   */
  client_address: string | null;
  /** The country of that address in the site's IP database (null when unknown), kept as tax evidence. */
  ip_country: string | null;
  /**
   * What the payment processor computed of the tax in the payment (Stripe Tax): cents, rate in basis points,
   * and the country of the address it taxed (evidence too). Null when it computed none (migration 014).
   */
  processor_tax_cents: number | null;
  processor_tax_rate_basis_points: number | null;
  processor_tax_country: string | null;
  created_at: Immutable<Timestamp>;
  updated_at: Timestamp;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  subject: string;
  message: string;
  language: Language;
  mail_sent_at: Timestamp | null;
  /** When an operator marked it handled, and who (their e-mail); null while it waits in the inbox. */
  handled_at: Timestamp | null;
  handled_by: string | null;
  created_at: Immutable<Timestamp>;
  updated_at: Timestamp;
}

export interface NewsletterSubscribersTable {
  id: Generated<number>;
  /** Stored trimmed and lower-cased; unique, so sign-ups are case-insensitive. */
  email: Immutable<string>;
  language: Language;
  /** Secret carried by the confirmation and unsubscribe links. Unique; replaced on re-subscription. */
  confirmation_token: string;
  confirmed_at: Timestamp | null;
  unsubscribed_at: Timestamp | null;
  created_at: Immutable<Timestamp>;
  updated_at: Timestamp;
}

/**
 * What a mail says, written once as it is queued. Whether it went out is the state of its job (kind `mail`,
 * unique key `mail:<id>`, see server/db/mails.ts): attempts, last error, sent or given up.
 */
export interface MailsTable {
  id: Generated<number>;
  /** What the mail is for, e.g. `order-confirmation`, `newsletter-confirmation`, `contact-notification`. */
  kind: string;
  to_address: string;
  subject: string;
  /** As sent, or `sealed:` and the sealed text for a mail that carries access details. */
  body_text: string;
  body_html: string | null;
  /** The order the mail is about, so the order's timeline can show it; null for other mails. */
  order_id: number | null;
  /** The invoice whose PDF is attached when the mail is sent (migration 012); null for other mails. */
  invoice_id: number | null;
  created_at: Immutable<Timestamp>;
  updated_at: Timestamp;
}

/** Each processor event applied once: a replayed or duplicated webhook finds its id here and changes nothing. */
export interface PaymentEventsTable {
  id: Generated<number>;
  /** `stripe`, … */
  provider: string;
  event_id: string;
  type: string;
  order_reference: string | null;
  created_at: Immutable<Timestamp>;
  updated_at: Timestamp;
}

/** Attempts per key (a hashed address or e-mail with its purpose) in fixed windows, shared by every server. */
export interface RateLimitCountersTable {
  key: string;
  /** The start of the window the count belongs to. */
  window_start: Timestamp;
  count: number;
  created_at: Immutable<Timestamp>;
  updated_at: Timestamp;
}

export type TestPaymentStatus = "requires_action" | "succeeded" | "failed";

/** The built-in test gateway's own records, as a processor keeps them (never a card number). */
export interface TestGatewayPaymentsTable {
  /** `test_<uuid>`. */
  id: string;
  order_reference: string;
  amount_cents: number;
  currency: string;
  status: TestPaymentStatus;
  failure_reason: string | null;
  refunded_cents: Generated<number>;
  /** The card kept for later charges, when the charge asked to keep it. */
  saved_card_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Immutable<Timestamp>;
  updated_at: Timestamp;
}

/** One line of an order's timeline. Never changed or deleted. */
export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  /** `created`, `paid`, `declined`, `failed`, `delivered`, `refunded`, `settle-requested`, … */
  type: string;
  actor: string;
  details: string | null;
  created_at: Immutable<Timestamp>;
  updated_at: Timestamp;
}

/** A piece of background work; see server/jobs/. */
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  /** JSON. */
  payload: string;
  unique_key: string | null;
  run_at: Timestamp;
  attempts: Generated<number>;
  max_attempts: number;
  last_error: string | null;
  locked_by: string | null;
  locked_until: Timestamp | null;
  done_at: Timestamp | null;
  failed_at: Timestamp | null;
  created_at: Immutable<Timestamp>;
  updated_at: Timestamp;
}

/** Customers who asked for no more renewal reminders (the link in every reminder). */
export interface ReminderOptOutsTable {
  id: Generated<number>;
  email: string;
  created_at: Immutable<Timestamp>;
  updated_at: Timestamp;
}

/** Counts kept by triggers (migration 018, tallies.ts): `accesses:<kind>:<status>`, `newsletter:<state>`. */
export interface TalliesTable {
  name: string;
  count: number;
}

/**
 * A month's tax totals per buyer country, rate and currency, kept by triggers on invoices and credit notes
 * (migration 020): invoices' amounts less credit notes', and how many of each. `month` is `YYYY-MM` (UTC).
 */
export interface MonthTaxTotalsTable {
  month: string;
  buyer_country: string;
  rate_basis_points: number;
  currency: string;
  net_cents: number;
  tax_cents: number;
  total_cents: number;
  invoices: number;
  credit_notes: number;
}

export interface DatabaseSchema {
  orders: OrdersTable;
  contact_messages: ContactMessagesTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  mails: MailsTable;
  payment_events: PaymentEventsTable;
  rate_limit_counters: RateLimitCountersTable;
  test_gateway_payments: TestGatewayPaymentsTable;
  operators: OperatorsTable;
  operator_recovery_codes: OperatorRecoveryCodesTable;
  operator_sessions: OperatorSessionsTable;
  audit_log: AuditLogTable;
  order_events: OrderEventsTable;
  jobs: JobsTable;
  reminder_opt_outs: ReminderOptOutsTable;
  accesses: AccessesTable;
  trials: TrialsTable;
  trial_connections: TrialConnectionsTable;
  customer_sign_ins: CustomerSignInsTable;
  customer_sessions: CustomerSessionsTable;
  customer_preferences: CustomerPreferencesTable;
  document_counters: DocumentCountersTable;
  invoices: InvoicesTable;
  credit_notes: CreditNotesTable;
  subscriptions: SubscriptionsTable;
  test_gateway_cards: TestGatewayCardsTable;
  tallies: TalliesTable;
  month_tax_totals: MonthTaxTotalsTable;
  backup_runs: BackupRunsTable;
}

export type Order = Selectable<OrdersTable>;
export type ContactMessage = Selectable<ContactMessagesTable>;
export type NewsletterSubscriber = Selectable<NewsletterSubscribersTable>;
export type Mail = Selectable<MailsTable>;
export type TestGatewayPayment = Selectable<TestGatewayPaymentsTable>;
export type OrderEvent = Selectable<OrderEventsTable>;
export type Job = Selectable<JobsTable>;

export type OrderInsert = Insertable<OrdersTable>;
export type ContactMessageInsert = Insertable<ContactMessagesTable>;
export type NewsletterSubscriberInsert = Insertable<NewsletterSubscribersTable>;
export type MailInsert = Insertable<MailsTable>;
