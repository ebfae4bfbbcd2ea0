import { randomUUID } from "node:crypto";
import type { NewOrder } from "../../server/db/repositories.ts";

/** An order's row as the checkout writes it (Camille's, in Lyon, for the advanced plan), with a fresh one-time key. */
export function newOrder(overrides: Partial<NewOrder> = {}): NewOrder {
  return {
    idempotency_key: randomUUID(),
    plan_key: "advanced",
    viewers: 2,
    amount_cents: 2900,
    currency: "EUR",
    language: "fr",
    first_name: "Camille",
    last_name: "Durand",
    email: "camille@example.com",
    phone: "+33 6 12 34 56 78",
    country: "FR",
    city: "Lyon",
    postal_code: "69001",
    address: "1 place Bellecour",
    card_brand: "visa",
    card_last4: "4242",
    ...overrides,
  };
}

/** The same, with an e-mail of its own: the beds' orders must not count as one customer's. */
export const someonesOrder = (overrides: Partial<NewOrder> = {}) =>
  newOrder({ email: `camille-${randomUUID().slice(0, 8)}@example.com`, ...overrides });
