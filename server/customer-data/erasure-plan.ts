/**
 * What deleting an account does to each order of the address (docs/decisions/0020-customer-data-export-and-erasure.md): pure, so every case is
 * tested without a database. A paid order is an accounting record the operator must keep for
 * `ORDER_RETENTION_YEARS` after its payment: its name and postal address stay (an invoice needs them), the
 * rest of what identifies the customer goes. An unpaid order, or one past its retention, is nobody's record:
 * everything personal goes.
 */
import type { Order, OrderStatus } from "../db/schema.ts";

/** Statuses of an order that took money: the ones accounting must keep. */
export const PAID_STATUSES: readonly OrderStatus[] = ["paid", "fulfilled", "expired", "refunded"];

export type OrderFate = { fate: "keep-for-accounting"; keepUntil: string } | { fate: "anonymise"; reason: "unpaid" | "retention-over" };

/** `years` after `instant`, in UTC; 29 February becomes 1 March in a year without it (JavaScript's roll-over). */
export function yearsAfter(instant: string, years: number): string {
  const date = new Date(instant);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.toISOString();
}

/** The fate of one order: kept until its retention ends, or anonymised now. */
export function planOrder(order: Pick<Order, "status" | "paid_at" | "created_at">, retentionYears: number, now: Date): OrderFate {
  if (!PAID_STATUSES.includes(order.status)) return { fate: "anonymise", reason: "unpaid" };
  const keepUntil = yearsAfter(order.paid_at ?? order.created_at, retentionYears);
  if (keepUntil <= now.toISOString()) return { fate: "anonymise", reason: "retention-over" };
  return { fate: "keep-for-accounting", keepUntil };
}

/**
 * The columns an order keeps for accounting: everything else that names or reaches the customer is cleared.
 * The country of the address it was placed from stays: it is the VAT evidence of where the customer was.
 */
export function keptOrderChanges(placeholderEmail: string) {
  return { email: placeholderEmail, phone: "", card_last4: null, client_address: null } satisfies Partial<Order>;
}

/** Nothing left that points at a person: no name, address, phone, card or processor record. */
export function anonymisedOrderChanges(placeholderEmail: string) {
  return {
    ...keptOrderChanges(placeholderEmail),
    first_name: "",
    last_name: "",
    country: "",
    city: "",
    postal_code: "",
    address: "",
    card_brand: null,
    gateway_reference: null,
    payment_session_id: null,
    ip_country: null,
    // The country Stripe Tax taxed is evidence of the same kind: it goes with the order (its amounts stay).
    processor_tax_country: null,
  } satisfies Partial<Order>;
}

/** Keys of a timeline line's details that hold where a request came from or who made it. */
const personalKeys = new Set(["address", "clientaddress", "ip", "email", "to", "name", "phone", "useragent"]);

/**
 * A timeline line's details without what identifies the customer: the keys above, and any text holding one
 * of `personal` (their address, name, phone). Null when nothing is left; the line itself (what happened,
 * when) stays, the operator's history of the order.
 */
export function scrubEventDetails(details: string | null, personal: readonly string[]): string | null {
  if (details === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(details);
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return null;
  const needles = personal.map((text) => text.trim().toLowerCase()).filter((text) => text.length >= 3);
  const holdsPersonal = (value: unknown) => {
    const text = JSON.stringify(value).toLowerCase();
    return needles.some((needle) => text.includes(needle));
  };
  const kept = Object.entries(parsed).filter(([key, value]) => !personalKeys.has(key.toLowerCase()) && !holdsPersonal(value));
  return kept.length === 0 ? null : JSON.stringify(Object.fromEntries(kept));
}

const erasedDomain = "@erased.invalid";

/** A non-personal address for what must keep an e-mail column: `.invalid` can never receive mail (RFC 2606). */
export function erasedPlaceholder(random: string): string {
  return `erased-${random}${erasedDomain}`;
}

/** Whether a row's address is an erasure's placeholder: its customer deleted their account, or its years ran out. */
export function isErasedAddress(email: string): boolean {
  return email.endsWith(erasedDomain);
}
