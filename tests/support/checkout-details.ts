/**
 * Test support: a checkout form as validation gives it, for tests that place orders the way the checkout
 * does.
 */
import type { CheckoutOrder, ContactDetails } from "../../app/checkout/schema";

let checkouts = 0;

/** A filled-in form with a one-time key and an e-mail of its own. */
export function contactDetails(changes: Partial<ContactDetails> = {}): ContactDetails {
  checkouts++;
  return {
    plan: "premium",
    viewers: 2,
    idempotencyKey: `checkout-test-${checkouts}-${Date.now()}`,
    renewAutomatically: false,
    firstName: "Zoé",
    lastName: "Martin",
    email: `zoe.${checkouts}@example.com`,
    phone: "+33 6 12 34 56 78",
    country: "FR",
    city: "Lyon",
    postalCode: "69001",
    address: "1 rue de la République",
    ...changes,
  };
}

/** The same with a card typed in, as the test gateway's checkout takes it. */
export function cardCheckout(cardNumber: string, changes: Partial<ContactDetails> = {}): CheckoutOrder {
  return { ...contactDetails(changes), cardNumber, expiryDate: "12/30", cvv: "123" };
}
