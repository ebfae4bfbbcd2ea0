/**
 * The rest of a shop a few years in: contact messages (most handled), newsletter addresses in each state,
 * the console's operators and audit lines, and the free trials.
 */
import { canonicalEmail } from "../../common/canonical-email.ts";
import { makeCustomer } from "./seed-people.ts";
import type { Random } from "./seed-random.ts";
import { iso, type TableRows } from "./seed-rows.ts";
import { orderReference, type PlannedShop } from "./seed-shop.ts";
import type { ScaleSizes } from "./seed-sizes.ts";

const subjects = [
  "Question about my plan",
  "Cannot log in on my TV",
  "Invoice request",
  "Change of e-mail address",
  "Refund",
  "Which plan for a family?",
  "Buffering in the evening",
  "Renewal",
];
const bodies = [
  "Hello, I paid this morning and have not received my access yet. Could you check, please? Thanks.",
  "Hola, ¿puedo cambiar mi plan a tres pantallas sin perder los días que me quedan? Gracias.",
  "Bonjour, je n'arrive plus à me connecter depuis hier soir sur ma télévision. Pouvez-vous m'aider ?",
  "Hi, could you send me an invoice with my company's name on it? The order reference is in my account.",
  "Hello, the stream stops every few minutes in the evening. My connection is fine otherwise.",
];
export const seededOperators = ["ana@shop.example", "marc@shop.example", "julie@shop.example"];
const auditActions = ["sign-in", "deliver", "refund", "resend", "export", "sign-out", "handle-message", "sign-in-failed"];

/** A time in the shop's three years, more of them lately. */
const recentish = (random: Random, shop: PlannedShop) => shop.start + Math.sqrt(random.next()) * (shop.now - shop.start);

function* messageRows(shop: PlannedShop, count: number, random: Random): Generator<unknown[]> {
  const times = Array.from({ length: count }, () => recentish(random, shop)).sort((a, b) => a - b);
  for (const [index, at] of times.entries()) {
    const person = makeCustomer(random, 20_000_000 + index);
    const handled = at < shop.now - 3 * 86_400_000 ? random.chance(0.97) : random.chance(0.4);
    const handledAt = handled ? Math.min(shop.now - 60_000, at + random.int(10, 3000) * 60_000) : null;
    yield [
      `${person.firstName} ${person.lastName}`,
      person.email,
      random.pick(subjects),
      random.pick(bodies),
      person.language,
      iso(at + 2000),
      iso(handledAt),
      handled ? random.pick(seededOperators) : null,
      iso(at),
      iso(handledAt ?? at),
    ];
  }
}

function* newsletterRows(shop: PlannedShop, count: number, random: Random): Generator<unknown[]> {
  const times = Array.from({ length: count }, () => recentish(random, shop)).sort((a, b) => a - b);
  for (const [index, at] of times.entries()) {
    const person = makeCustomer(random, 30_000_000 + index);
    const state = random.weighted([
      ["confirmed", 65],
      ["unconfirmed", 15],
      ["unsubscribed", 20],
    ] as const);
    const confirmedAt = state === "unconfirmed" ? null : at + random.int(1, 600) * 60_000;
    const unsubscribedAt =
      state === "unsubscribed" ? Math.min(shop.now - 60_000, (confirmedAt as number) + random.int(1, 500) * 86_400_000) : null;
    const token = `${index.toString(16)}${Math.floor(random.next() * 2 ** 48).toString(16)}`;
    yield [person.email, person.language, token, iso(confirmedAt), iso(unsubscribedAt), iso(at), iso(unsubscribedAt ?? confirmedAt ?? at)];
  }
}

function* auditRows(shop: PlannedShop, count: number, random: Random): Generator<unknown[]> {
  const times = Array.from({ length: count }, () => recentish(random, shop)).sort((a, b) => a - b);
  for (const at of times) {
    const operator = random.int(0, seededOperators.length - 1);
    const action = random.pick(auditActions);
    const order = shop.orders[random.int(0, shop.orders.length - 1)];
    const subject = action.startsWith("sign") || action === "export" ? null : orderReference(order?.id ?? 1);
    const failed = action === "sign-in-failed";
    yield [
      failed ? null : operator + 1,
      seededOperators[operator],
      action,
      subject,
      `192.0.2.${random.int(1, 254)}`,
      null,
      iso(at),
      iso(at),
    ];
  }
}

function* trialRows(shop: PlannedShop): Generator<unknown[]> {
  for (const trial of shop.trials) {
    const requested = trial.status === "requested";
    yield [
      trial.reference,
      trial.email,
      canonicalEmail(trial.email),
      trial.name,
      trial.country,
      trial.language,
      trial.createdAt > shop.now - 30 * 86_400_000 ? "198.51.100.7" : null,
      trial.status,
      requested ? "seedsalt.0000" : null,
      iso(trial.createdAt + 15 * 60_000),
      trial.hours,
      trial.viewers,
      trial.line?.id ?? null,
      iso(trial.confirmedAt),
      iso(trial.deliveredAt),
      iso(trial.endsAt),
      iso(trial.createdAt),
      iso(trial.endsAt ?? trial.confirmedAt ?? trial.createdAt),
    ];
  }
}

export function extraTables(shop: PlannedShop, sizes: ScaleSizes, random: Random): TableRows[] {
  const at = iso(shop.start);
  return [
    {
      table: "contact_messages",
      columns: ["name", "email", "subject", "message", "language", "mail_sent_at", "handled_at", "handled_by", "created_at", "updated_at"],
      rows: messageRows(shop, sizes.contactMessages, random),
    },
    {
      table: "newsletter_subscribers",
      columns: ["email", "language", "confirmation_token", "confirmed_at", "unsubscribed_at", "created_at", "updated_at"],
      rows: newsletterRows(shop, sizes.newsletterAddresses, random),
    },
    {
      table: "operators",
      columns: ["id", "email", "password_hash", "created_at", "updated_at"],
      // No password: these operators cannot sign in; the bench signs in as one of its own.
      rows: seededOperators.map((email, index) => [index + 1, email, "none", at, at]),
      explicitIds: true,
    },
    {
      table: "audit_log",
      columns: ["operator_id", "operator_email", "action", "subject", "address", "details", "created_at", "updated_at"],
      rows: auditRows(shop, sizes.auditLines, random),
    },
    {
      table: "trials",
      columns: [
        "reference",
        "email",
        "email_key",
        "name",
        "country",
        "language",
        "client_address",
        "status",
        "code_hash",
        "code_expires_at",
        "hours",
        "viewers",
        "access_id",
        "confirmed_at",
        "delivered_at",
        "ends_at",
        "created_at",
        "updated_at",
      ],
      rows: trialRows(shop),
    },
  ];
}
