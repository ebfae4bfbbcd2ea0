/**
 * The console's actions the bench times: stopping an automatic renewal from an order's page (a different
 * active subscription each time, as each can be stopped once).
 */
import { sql } from "kysely";
import type { Database } from "../../server/db/database.ts";
import { consoleBudgetMs, type Figure } from "./console-pages.ts";
import { type Client, percentile, request } from "./timing.ts";

export async function timeStopRenewal(client: Client, db: Database, runs = 20): Promise<Figure> {
  const found = await sql<{ id: number; reference: string }>`select s.id, o.reference from subscriptions s
    join orders o on o.id = s.order_id where s.status = 'active' order by s.id desc limit ${runs + 2}`.execute(db);
  // The seed's subscriptions are Stripe's; the bench's servers take payments with the test gateway, which
  // would refuse to stop another processor's subscription (a 503 timed as if it were the action). The ones
  // stopped become the test gateway's own, which renews by the shop's jobs (no processor's id).
  const ids = found.rows.map((row) => row.id);
  if (ids.length > 0)
    await sql`update subscriptions set processor = 'test', processor_subscription_id = null where id in (${sql.join(ids)})`.execute(db);
  const times: number[] = [];
  let status = 0;
  let failed = 0;
  for (const [index, row] of found.rows.entries()) {
    const answer = await request(client, `/admin/orders/${row.reference}`, { intent: "stop-renewal", subscription: String(row.id) });
    status = answer.status;
    if (status >= 400) failed++;
    if (index >= 2) times.push(answer.ms);
  }
  const enough = times.length > 0;
  return {
    name: "action: stop a renewal",
    path: "/admin/orders/<reference> intent=stop-renewal",
    budgetMs: consoleBudgetMs,
    // An action that failed is not timed as if it had been done.
    p95: enough && failed === 0 ? percentile(times, 95) : null,
    p99: enough ? percentile(times, 99) : null,
    runs: times.length,
    status,
    note: enough ? (failed > 0 ? `${failed} answered ${status}` : "") : "no active subscription to stop",
  };
}
