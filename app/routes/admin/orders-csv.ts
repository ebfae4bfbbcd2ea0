import { redirect } from "react-router";
import { logger } from "../../../server/logger.ts";
import { operatorContext } from "../../admin/auth.server";
import { csvType, downloadHeaders, headOnly } from "../../admin/books/download-headers";
import { exportFilename, exportOrders } from "../../admin/books/orders-export.server";
import { parseDayRange } from "../../admin/books/period";
import { adminLanguage } from "../../admin/language.server";
import { adminMessages } from "../../admin/messages.server";
import { clientAddress } from "../../rate-limit.server";
import { servicesOf } from "../../services.server";
import type { Route } from "./+types/orders-csv";

/**
 * A file, not a page: `/admin/orders.csv?from=YYYY-MM-DD&to=YYYY-MM-DD`, the orders and refunds of those days.
 * A range that cannot be exported goes back to the form on the invoices page, which says why, the days typed
 * kept in its fields.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Asked here too, not only by the layout's gate: without an operator this throws, and nothing leaves.
  const { operator } = context.get(operatorContext);
  const search = new URL(request.url).searchParams;
  const range = parseDayRange(search.get("from"), search.get("to"));
  if (!range.ok) {
    // What was typed, kept to the length of a date and a little more: the form shows it again.
    const typed = (name: string) => (search.get(name) ?? "").slice(0, 32);
    const back = new URLSearchParams({ from: typed("from"), to: typed("to") });
    return redirect(`/admin/invoices?${back}#export`, { status: 303, headers: { "Cache-Control": "no-store" } });
  }
  const head = headOnly(request, downloadHeaders(csvType, exportFilename(range.from, range.to)));
  if (head) return head;
  const language = adminLanguage(request);
  try {
    const { db, consoleDb } = await servicesOf(context);
    return await exportOrders(db, { ...range, language, operator, address: clientAddress(request), reads: consoleDb });
  } catch (error) {
    logger.error({ reason: (error as Error).message }, "The orders' export could not start");
    return new Response(adminMessages[language].books.unavailable, {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "30" },
    });
  }
}
