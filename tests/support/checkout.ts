/** Filling the checkout as a visitor does, for the end-to-end tests of every payment path. */
import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { e2eServers } from "./servers.ts";
import { type Language, t } from "./site.ts";

export interface Customer {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  cardNumber: string;
  expiryDate: string;
  cvv: string;
  country: string;
  city: string;
  postalCode: string;
  address: string;
}

export const customer = (changes: Partial<Customer> = {}): Customer => ({
  firstName: "Ana",
  lastName: "García",
  email: `ana.${Math.random().toString(36).slice(2, 8)}@example.com`,
  phone: "+34 612 345 678",
  cardNumber: "4242 4242 4242 4242",
  expiryDate: "12/30",
  cvv: "123",
  country: "ES",
  city: "Valencia",
  postalCode: "46001",
  address: "Calle Mayor 1",
  ...changes,
});

export const field = (page: Page, language: Language, name: keyof Customer) =>
  page.getByRole("main").getByLabel(t(language, `checkout.fields.${name}`), { exact: true });

/** Every field but the card's, which a processor's own page asks for instead. */
export async function fillHostedCheckout(page: Page, language: Language, details: Customer) {
  for (const name of ["firstName", "lastName", "email", "phone", "city", "postalCode", "address"] as const) {
    await field(page, language, name).fill(details[name]);
  }
  await field(page, language, "country").selectOption(details.country);
}

export const payButton = (page: Page, language: Language) =>
  page.getByRole("button", { name: new RegExp(t(language, "checkout.pay", { amount: "" }).trim()) });

/** Every field of the checkout, the card's included (the test gateway takes the card on our page). */
export async function fillCheckout(page: Page, language: Language, details: Customer) {
  for (const name of ["cardNumber", "expiryDate", "cvv"] as const) await field(page, language, name).fill(details[name]);
  await fillHostedCheckout(page, language, details);
}

/**
 * Pays on the main server by posting the checkout form, as a browser without JavaScript does, with the test
 * gateway's card that is always charged: the new order's reference ("" when the checkout did not answer one).
 */
export async function payByPost(request: APIRequestContext, details: Customer, plan = "vip"): Promise<string> {
  const form = { plan, viewers: "1", idempotencyKey: randomUUID(), ...details };
  const answer = await request.post(`${e2eServers.main.url}/checkout`, { form, headers: { Origin: e2eServers.main.url } });
  return /data-order-reference="([^"]+)"/.exec(await answer.text())?.[1] ?? "";
}
