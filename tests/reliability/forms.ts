/**
 * Valid submissions of the site's three forms, as a visitor's browser sends them. The load sends them as
 * they are; the hostile requests start from them and break at least one thing.
 */
import { randomUUID } from "node:crypto";
import { defaultLanguage, languages } from "../../common/languages.ts";
import { site } from "../../content/site.ts";

/** The test gateway's numbers (docs/payments.md): approved and declined. */
export const testCards = { approved: "4242 4242 4242 4242", declined: "4000 0000 0000 0002" } as const;
export type CardOutcome = keyof typeof testCards;

/** Customers whose phone number and postal code are valid for their country. */
const customers = [
  { country: "FR", phone: "+33 6 12 34 56 78", postalCode: "75001", city: "Paris", address: "1 rue de Rivoli" },
  { country: "ES", phone: "+34 612 34 56 78", postalCode: "28001", city: "Madrid", address: "Calle de Alcalá 12" },
  { country: "DE", phone: "+49 151 23456789", postalCode: "10115", city: "Berlin", address: "Invalidenstraße 5" },
  { country: "GB", phone: "+44 7911 123456", postalCode: "SW1A 1AA", city: "London", address: "10 Downing Street" },
] as const;

export const planKeys: string[] = site.plans.map((plan) => plan.key);
/** Each language's URL prefix: none for the default language. */
export const formLanguages = languages.map((language) => (language === defaultLanguage ? "" : `/${language}`));

/** A card expiry two years ahead, so the suite does not age. */
function expiry(): string {
  const year = (new Date().getFullYear() + 2) % 100;
  return `12/${String(year).padStart(2, "0")}`;
}

/** A complete, valid checkout form; `n` varies the plan, viewers and customer. */
export function checkoutFields(n: number, card: CardOutcome, email: string, idempotencyKey = randomUUID()): Record<string, string> {
  const customer = customers[n % customers.length]!;
  return {
    idempotencyKey,
    plan: planKeys[n % planKeys.length]!,
    viewers: String((n % 3) + 1),
    firstName: "Ada",
    lastName: `Load ${n}`,
    email,
    phone: customer.phone,
    cardNumber: testCards[card],
    expiryDate: expiry(),
    cvv: "123",
    country: customer.country,
    city: customer.city,
    postalCode: customer.postalCode,
    address: customer.address,
  };
}

export function contactFields(email: string): Record<string, string> {
  return { name: "Ada Lovelace", email, subject: "A question about plans", message: "Can I change my plan later on?" };
}

export function newsletterFields(email: string): Record<string, string> {
  return { email };
}

/** A 1-month Silver order of customer `n`, as the database takes it, for the phases that seed delivered accesses. */
export function silverOrder(n: number, email: string) {
  const fields = checkoutFields(n, "approved", email);
  return {
    idempotency_key: randomUUID(),
    plan_key: "standard" as const,
    viewers: 1 as const,
    amount_cents: 1300,
    currency: "EUR",
    language: "en" as const,
    first_name: fields.firstName!,
    last_name: fields.lastName!,
    email,
    phone: fields.phone!,
    country: fields.country!,
    city: fields.city!,
    postal_code: fields.postalCode!,
    address: fields.address!,
  };
}
