import { logger } from "../../../server/logger.ts";
import { operatorContext } from "../../admin/auth.server";
import { documentPdfResponse } from "../../admin/books/document-pdf.server";
import { adminLanguage } from "../../admin/language.server";
import { adminMessages } from "../../admin/messages.server";
import { servicesOf } from "../../services.server";
import type { Route } from "./+types/invoices-pdf";

/** A file, not a page: `/admin/invoices/:number/pdf`, one invoice or credit note as its PDF. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  context.get(operatorContext);
  const words = adminMessages[adminLanguage(request)].books;
  const text = (body: string, status: number) =>
    new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  try {
    const { consoleDb } = await servicesOf(context);
    return (await documentPdfResponse(consoleDb, params.number)) ?? text(words.document.notFound, 404);
  } catch (error) {
    logger.error({ reason: (error as Error).message }, "The PDF of an invoice or credit note could not be made");
    return text(words.unavailable, 503);
  }
}
