import { redirect } from "react-router";
import { logger } from "../../../server/logger.ts";
import { operatorContext } from "../../admin/auth.server";
import { downloadHeaders, headOnly, zipType } from "../../admin/books/download-headers";
import { exportMonthZip, zipFilename } from "../../admin/books/month-zip.server";
import { monthRange, parseMonth } from "../../admin/books/period";
import { adminLanguage } from "../../admin/language.server";
import { adminMessages } from "../../admin/messages.server";
import { clientAddress } from "../../rate-limit.server";
import { servicesOf } from "../../services.server";
import type { Route } from "./+types/invoices-zip";

/** A file, not a page: `/admin/invoices.zip?month=YYYY-MM`, the month's invoices and credit notes as PDFs. */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Asked here too, not only by the layout's gate: without an operator this throws, and nothing leaves.
  const { operator } = context.get(operatorContext);
  const asked = new URL(request.url).searchParams.get("month");
  const month = parseMonth(asked);
  // A month that cannot be read: the page says so, and shows the current one.
  if (!month) return redirect(`/admin/invoices?${new URLSearchParams({ month: asked ?? "" })}`, { status: 303 });
  const head = headOnly(request, downloadHeaders(zipType, zipFilename(month)));
  if (head) return head;
  try {
    const { db, consoleDb } = await servicesOf(context);
    const input = { month, range: monthRange(month), operator, address: clientAddress(request), reads: consoleDb };
    return await exportMonthZip(db, input);
  } catch (error) {
    logger.error({ reason: (error as Error).message }, "A month's ZIP of invoices could not start");
    return new Response(adminMessages[adminLanguage(request)].books.unavailable, {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "30" },
    });
  }
}
