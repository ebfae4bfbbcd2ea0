/**
 * "Download my data" (GDPR articles 15 and 20): the file the customer receives, built from their rows
 * (server/db/customer-data.ts). Pure. The shape is versioned: a change that removes or renames a field is a
 * new `version`; adding one is not. Never in it: secrets (the sealed access details, mails that carry them,
 * sign-in tokens and codes), the shop's internal columns (idempotency keys, claims and leases, an order's processor
 * ids), and the operator's side of the timeline (notes, provisioning attempts, alerts). A subscription's
 * processor ids are in it: they name the customer's own contract and customer record at the processor.
 */
import type { CustomerRecords } from "../../../server/db/customer-data.ts";
import type { MailWithState } from "../../../server/db/mails.ts";
import type { Invoice, Order, OrderEvent, Subscription } from "../../../server/db/schema.ts";

export const EXPORT_FORMAT = "customer-data-export";
export const EXPORT_VERSION = 1;

/** What the file says, in the customer's language, where something is left out on purpose. */
export interface ExportNotes {
  accessDetailsNote: string;
  sealedMailsNote: string;
}

/** The timeline lines a customer may see: what happened to their order, not how the shop worked on it. */
const customerVisibleEvents = new Set([
  "created",
  "paid",
  "declined",
  "failed",
  "abandoned",
  "delivered",
  "extended",
  "renewed",
  "refunded",
  "disputed",
  "revoked",
  "expired",
  "reminder-sent",
  "access-revealed",
]);

/** How server/mail/mail-job.ts marks a body stored encrypted (it carries access details). */
const isSealed = (body: string) => body.startsWith("sealed:");

function order(row: Order, events: OrderEvent[]) {
  return {
    reference: row.reference,
    placedAt: row.created_at,
    status: row.status,
    plan: row.plan_key,
    viewers: row.viewers,
    amountCents: row.amount_cents,
    refundedCents: row.refunded_cents,
    currency: row.currency,
    language: row.language,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    country: row.country,
    city: row.city,
    postalCode: row.postal_code,
    address: row.address,
    // Where the customer was, as the tax evidence kept with the order: the country of the address they
    // ordered from, and the one the payment processor taxed (Stripe Tax), when known.
    countryOfClientAddress: row.ip_country,
    countryTaxedByProcessor: row.processor_tax_country,
    card: row.card_brand || row.card_last4 ? { brand: row.card_brand, last4: row.card_last4 } : null,
    paidAt: row.paid_at,
    failureReason: row.failure_reason,
    accessStartsAt: row.access_starts_at,
    accessEndsAt: row.access_ends_at,
    timeline: events
      .filter((event) => event.order_id === row.id && customerVisibleEvents.has(event.type))
      .map((event) => ({ event: event.type, at: event.created_at })),
  };
}

/**
 * An automatic renewal: what it charges, when, on which card (brand and last four digits), how it went and how
 * it ended. Not the kept card's id (a handle for charging, not a fact about the customer) nor the unpaid
 * invoice's page (a link that pays).
 */
function subscription(row: Subscription, orderReference: string | null, access: string | null) {
  return {
    order: orderReference,
    access,
    startedAt: row.created_at,
    plan: row.plan_key,
    viewers: row.viewers,
    amountCents: row.amount_cents,
    currency: row.currency,
    status: row.status,
    nextChargeAt: row.next_charge_at,
    failedAttempts: row.failed_attempts,
    nextRetryAt: row.next_retry_at,
    endedAt: row.ended_at,
    endReason: row.end_reason,
    card: row.card_brand || row.card_last4 ? { brand: row.card_brand, last4: row.card_last4 } : null,
    processor: row.processor,
    processorSubscriptionId: row.processor_subscription_id,
    processorCustomerId: row.processor_customer_id,
  };
}

function mailState(mail: MailWithState): "sent" | "failed" | "waiting" {
  if (mail.sent_at) return "sent";
  return mail.failed_at ? "failed" : "waiting";
}

function newsletterOf(row: CustomerRecords["newsletter"]) {
  if (!row) return null;
  const state = row.unsubscribed_at ? "unsubscribed" : row.confirmed_at ? "subscribed" : "awaiting-confirmation";
  return { state, language: row.language, signedUpAt: row.created_at, confirmedAt: row.confirmed_at, unsubscribedAt: row.unsubscribed_at };
}

/** What an invoice or a credit note says of money: cents, the VAT rate in basis points (2100 = 21 %). */
const amounts = (document: Pick<Invoice, "net_cents" | "rate_basis_points" | "tax_cents" | "total_cents" | "currency">) => ({
  netCents: document.net_cents,
  vatRateBasisPoints: document.rate_basis_points,
  vatCents: document.tax_cents,
  totalCents: document.total_cents,
  currency: document.currency,
});

export function buildExport(records: CustomerRecords, notes: ExportNotes, now: Date) {
  const accessOf = new Map(records.accesses.map((access) => [access.id, access.reference]));
  const referenceOf = new Map(records.orders.map((row) => [row.id, row.reference]));
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: now.toISOString(),
    email: records.email,
    orders: records.orders.map((row) => ({
      ...order(row, records.events),
      access: row.access_id === null ? null : (accessOf.get(row.access_id) ?? null),
      renewalOf: row.renews_access_id === null ? null : (accessOf.get(row.renews_access_id) ?? null),
    })),
    accesses: {
      note: notes.accessDetailsNote,
      list: records.accesses.map((access) => ({
        reference: access.reference,
        plan: access.plan_key,
        viewers: access.viewers,
        status: access.status,
        startsAt: access.starts_at,
        endsAt: access.ends_at,
        revokedAt: access.revoked_at,
        revokeReason: access.revoke_reason,
      })),
    },
    subscriptions: records.subscriptions.map((row) =>
      subscription(row, referenceOf.get(row.order_id) ?? null, row.access_id === null ? null : (accessOf.get(row.access_id) ?? null)),
    ),
    invoices: records.invoices.map((invoice) => ({
      number: invoice.number,
      issuedAt: invoice.issued_at,
      order: referenceOf.get(invoice.order_id) ?? null,
      buyer: { name: invoice.buyer_name, address: JSON.parse(invoice.buyer_address) as unknown, country: invoice.buyer_country },
      ...amounts(invoice),
    })),
    creditNotes: records.creditNotes.map((note) => ({
      number: note.number,
      issuedAt: note.issued_at,
      invoice: note.invoice_number,
      order: referenceOf.get(note.order_id) ?? null,
      ...amounts(note),
    })),
    contactMessages: records.contactMessages.map((message) => ({
      sentAt: message.created_at,
      name: message.name,
      email: message.email,
      subject: message.subject,
      message: message.message,
      language: message.language,
      handledAt: message.handled_at,
    })),
    newsletter: newsletterOf(records.newsletter),
    renewalReminders: records.reminderOptOutAt ? { state: "stopped", since: records.reminderOptOutAt } : { state: "on" },
    preferences: records.preferences
      ? { mailLanguage: records.preferences.mail_language, changedAt: records.preferences.updated_at }
      : null,
    accountSessions: records.sessions.map((session) => ({
      signedInAt: session.created_at,
      lastConfirmedAt: session.verified_at,
      expiresAt: session.expires_at,
      endedAt: session.ended_at,
      address: session.address,
    })),
    signInRequests: records.signIns.map((signIn) => ({
      requestedAt: signIn.created_at,
      expiresAt: signIn.expires_at,
      usedAt: signIn.used_at,
    })),
    freeTrials: records.trials.map((trial) => ({
      reference: trial.reference,
      name: trial.name,
      country: trial.country,
      language: trial.language,
      state: trial.status,
      askedAt: trial.created_at,
      confirmedAt: trial.confirmed_at,
      deliveredAt: trial.delivered_at,
      endsAt: trial.ends_at,
      address: trial.client_address,
    })),
    mails: {
      note: notes.sealedMailsNote,
      list: records.mails.map((mail) => ({
        kind: mail.kind,
        subject: mail.subject,
        writtenAt: mail.created_at,
        state: mailState(mail),
        sentAt: mail.sent_at,
        text: isSealed(mail.body_text) ? null : mail.body_text,
      })),
    },
  };
}

export type CustomerExport = ReturnType<typeof buildExport>;

/** The file's name: the shop's, the day, and nothing personal (it shows in download lists). */
export const exportFileName = (brand: string, now: Date) =>
  `${brand.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-my-data-${now.toISOString().slice(0, 10)}.json`;
