/**
 * Every console page the bench times, each list unfiltered, by each filter, searched, and at its last page
 * (found through the list's own pagination links).
 */
import { sql } from "kysely";
import { customerFilters } from "../../server/db/admin-customers.ts";
import { inboxFilters } from "../../server/db/admin-inbox.ts";
import { subscriberFilters } from "../../server/db/admin-subscribers.ts";
import type { Database } from "../../server/db/database.ts";
import { trialListStates } from "../../server/db/trials-schema.ts";
import { lastPageOf } from "./pagination.ts";
import { type Client, type Measured, measurePage, request } from "./timing.ts";

export interface Figure extends Measured {
  name: string;
  path: string;
  /** The budget in ms (p95), or null for a figure shown without one. */
  budgetMs: number | null;
}

export const consoleBudgetMs = 100;

/** What the searches look for: one real customer's address, last name and order reference. */
export async function searchSamples(db: Database) {
  const middle = await sql<{ email: string; last_name: string; reference: string; month: string }>`
    select email, last_name, reference, substr(created_at, 1, 7) as month from orders
    where id = (select max(id) / 2 from orders)`.execute(db);
  const row = middle.rows[0];
  if (!row) throw new Error("The database has no orders: seed it first");
  return row;
}

export function consolePaths(samples: Awaited<ReturnType<typeof searchSamples>>): { name: string; path: string; last?: boolean }[] {
  const q = (value: string) => encodeURIComponent(value);
  const statuses = ["pending", "paid", "failed", "fulfilled", "expired", "refunded"];
  return [
    { name: "/admin (redirects to the orders)", path: "/admin" },
    { name: "orders", path: "/admin/orders", last: true },
    ...statuses.map((status) => ({ name: `orders: ${status}`, path: `/admin/orders?status=${status}`, last: status === "expired" })),
    { name: "orders: search e-mail", path: `/admin/orders?q=${q(samples.email)}` },
    { name: "orders: search name", path: `/admin/orders?q=${q(samples.last_name)}` },
    { name: "orders: search reference", path: `/admin/orders?q=${q(samples.reference)}` },
    { name: "order page", path: `/admin/orders/${samples.reference}` },
    ...customerFilters.map((state) => ({ name: `customers: ${state}`, path: `/admin/customers?state=${state}`, last: state === "all" })),
    ...inboxFilters.map((state) => ({ name: `messages: ${state}`, path: `/admin/messages?state=${state}`, last: state === "all" })),
    ...subscriberFilters.map((state) => ({
      name: `subscribers: ${state}`,
      path: `/admin/subscribers?state=${state}`,
      last: state === "all",
    })),
    { name: "invoices (this month)", path: "/admin/invoices", last: true },
    { name: `invoices: ${samples.month}`, path: `/admin/invoices?month=${samples.month}`, last: true },
    ...trialListStates.map((state) => ({ name: `trials: ${state}`, path: `/admin/trials?state=${state}` })),
    { name: "audit", path: "/admin/audit", last: true },
  ];
}

/** Times each page (and its last page where asked), calling `restart` after a page that did not answer. */
export async function timeConsole(
  client: Client,
  paths: ReturnType<typeof consolePaths>,
  restart: () => Promise<void>,
  log: (line: string) => void,
): Promise<Figure[]> {
  const figures: Figure[] = [];
  const add = (name: string, path: string, measured: Measured) => {
    figures.push({ name, path, budgetMs: consoleBudgetMs, ...measured });
    log(`  ${name.padEnd(34)} p95 ${measured.p95 === null ? "—" : measured.p95.toFixed(1)} ms ${measured.note}`);
  };
  for (const page of paths) {
    add(page.name, page.path, await measurePage(client, page.path, { onTimeout: restart }));
    if (!page.last) continue;
    const first = await request(client, page.path).catch(() => null);
    const last = first ? lastPageOf(first.body, page.path) : null;
    if (!last) {
      log(`  ${page.name}: one page only (or no answer): no last page`);
      continue;
    }
    const measured = await measurePage(client, last.path, { onTimeout: restart });
    // Without a last link or a count, the next page is what the list offers: named so, not "last".
    const label = last.how.includes("no count") ? "next page (no last link)" : "last page";
    add(`${page.name}: ${label}`, last.path, { ...measured, note: `${measured.note} ${last.how}`.trim() });
  }
  return figures;
}
