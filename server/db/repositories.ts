/**
 * Every read and write the site makes, as small typed functions over Kysely, one file per table (orders,
 * contact messages, newsletter, mails; payments, jobs and the console have their own files beside).
 * Each works unchanged on SQLite and PostgreSQL; each takes an optional `now` so tests can control time.
 */
export * from "./contact-messages.ts";
export * from "./mails.ts";
export * from "./newsletter.ts";
export * from "./orders.ts";
