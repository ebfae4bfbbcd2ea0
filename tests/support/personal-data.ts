/**
 * Real records for the pages that show a visitor's own details, made the way visitors and mails make them
 * (a checkout posted, a sign-up, a signed reminder link, an operator signed in), so that each page answers
 * in the state that holds personal data rather than its "unknown link" state.
 */
import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { deriveLinkKey, optOutToken } from "../../app/renewals/links.server.ts";
import { parseEncryptionKey } from "../../server/admin/secret-box.ts";
import { type Customer, customer, payByPost } from "./checkout.ts";
import { newOperator } from "./console.ts";
import { e2eServers } from "./servers.ts";
import { type Language, t } from "./site.ts";
import { queryRows } from "./store.ts";

/** An address to ask for (unprefixed: the caller puts it in a language), what to post to it, and proof of each answer's state. */
export interface Sample {
  path: string;
  form?: Record<string, string>;
  /** Text the GET answer must hold: the visitor's details, or the heading of the state that shows them. */
  shows?: string;
  /** The same for the POST answer. */
  postShows?: string;
}

const origin = e2eServers.main.url;
const sameSite = { Origin: origin };
const declinedCard = "4000 0000 0000 0002";
/** The test card that asks for the cardholder's confirmation, like 3-D Secure. */
const authenticationCard = "4000 0027 6000 3184";

const checkoutForm = (details: Customer, idempotencyKey = randomUUID()) => ({ plan: "vip", viewers: "1", idempotencyKey, ...details });

/** Back from a declined payment: the checkout opens again with the address typed; posted without a card, it says what is missing. */
export async function resumedCheckout(request: APIRequestContext): Promise<Sample> {
  const details = customer({ cardNumber: declinedCard });
  const key = randomUUID();
  await request.post(`${origin}/checkout`, { form: checkoutForm(details, key), headers: sameSite });
  const invalid = checkoutForm({ ...details, cardNumber: "" });
  return { path: `/checkout?resume=${key}`, shows: details.address, form: invalid, postShows: details.address };
}

/** A checkout paid with the card that asks for the cardholder's confirmation: the confirmation step's address. */
async function awaitingConfirmation(request: APIRequestContext, details: Customer): Promise<string> {
  const form = checkoutForm({ ...details, cardNumber: authenticationCard });
  const answer = await request.post(`${origin}/checkout`, { form, headers: sameSite, maxRedirects: 0 });
  return answer.headers().location ?? "";
}

/** A payment waiting for the cardholder's confirmation, and the answer that approves it. */
export async function pendingAuthentication(request: APIRequestContext, language: Language): Promise<Sample> {
  const path = await awaitingConfirmation(request, customer());
  return { path, shows: t(language, "checkout.authenticate.heading"), form: { answer: "approve" } };
}

/**
 * The return page of a paid order, with its reference and the customer's e-mail. On the test gateway only a
 * payment confirmed by the cardholder comes back by this page, as a processor's visitors do.
 */
export async function paidOrderReturn(request: APIRequestContext): Promise<Sample> {
  const details = customer();
  const confirmation = await awaitingConfirmation(request, details);
  const answer = await request.post(`${origin}${confirmation}`, { form: { answer: "approve" }, headers: sameSite, maxRedirects: 0 });
  return { path: answer.headers().location ?? "", shows: details.email };
}

/** A footer sign-up, which answers with the address it will write to. */
export function newsletterSignUp(): Sample {
  const email = `reader.${randomUUID().slice(0, 8)}@example.com`;
  return { path: "/newsletter", form: { email }, postShows: email };
}

/** A subscriber just signed up: their e-mail and the token of their mails' links. */
async function subscriber(request: APIRequestContext) {
  const { form } = newsletterSignUp();
  const email = form?.email ?? "";
  await request.post(`${origin}/newsletter`, { form: { email }, headers: sameSite });
  const [row] = queryRows<{ confirmation_token: string }>("SELECT confirmation_token FROM newsletter_subscribers WHERE email = ?", [email]);
  return { email, token: row?.confirmation_token ?? "" };
}

export async function newsletterConfirmation(request: APIRequestContext, language: Language): Promise<Sample> {
  const { token } = await subscriber(request);
  return { path: `/newsletter/confirm?token=${token}`, shows: t(language, "newsletter.confirmed") };
}

export async function newsletterUnsubscribe(request: APIRequestContext, language: Language): Promise<Sample> {
  const { email, token } = await subscriber(request);
  return { path: `/newsletter/unsubscribe?token=${token}`, shows: email, postShows: t(language, "newsletter.unsubscribed") };
}

/** The "no more reminders" link of a reminder, signed as the server signs it. */
export function remindersUnsubscribe(): Sample {
  const email = `viewer.${randomUUID().slice(0, 8)}@example.com`;
  const key = deriveLinkKey(parseEncryptionKey(e2eServers.main.env.ACCESS_ENCRYPTION_KEY));
  return { path: `/reminders/unsubscribe?token=${optOutToken(email, key)}`, shows: email, postShows: email };
}

/** A contact message with no text: refused, and answered with the name and address typed. */
export function invalidContactMessage(): Sample {
  const email = `writer.${randomUUID().slice(0, 8)}@example.com`;
  return { path: "/contact", form: { name: "Jo Writer", email, subject: "", message: "" }, postShows: email };
}

let operator: { email: string; password: string } | undefined;

/** Signs `request` in to the console (one operator per test worker), as the sign-in form does. */
export async function signInToConsole(request: APIRequestContext): Promise<void> {
  operator ??= newOperator();
  const form = { email: operator.email, password: operator.password, next: "/admin" };
  const answer = await request.post(`${origin}/admin/login`, { form, headers: sameSite, maxRedirects: 0 });
  if (answer.status() !== 302) throw new Error(`The console's sign-in answered ${answer.status()}`);
}

/** An order and a contact message, for the console's pages of one of each. */
export async function consoleRecords(request: APIRequestContext) {
  const details = customer();
  const reference = await payByPost(request, details);
  await request.post(`${origin}/contact`, {
    form: { name: "Jo Writer", email: details.email, subject: "A question", message: "Which devices does the plan work on?" },
    headers: sameSite,
  });
  const [message] = queryRows<{ id: number }>("SELECT id FROM contact_messages WHERE email = ?", [details.email]);
  return { reference, messageId: message?.id ?? 0, email: details.email };
}
