import { data, Link } from "react-router";
import { logger } from "../../../server/logger.ts";
import { operatorContext } from "../../admin/auth.server";
import { documentPdfHref } from "../../admin/books/DocumentsTable";
import { DocumentView } from "../../admin/books/DocumentView";
import { Download } from "../../admin/books/Download";
import { loadDocumentPage } from "../../admin/books/document-page.server";
import { useBooksFormat } from "../../admin/books/format";
import { adminMeta } from "../../admin/meta";
import { linkClass } from "../../admin/orders/ui";
import { useAdminText } from "../../admin/text";
import { servicesOf } from "../../services.server";
import type { Route } from "./+types/invoices-document";

/** One invoice or credit note, by its number, as it was issued. */
export async function loader({ params, context }: Route.LoaderArgs) {
  context.get(operatorContext);
  try {
    const { consoleDb } = await servicesOf(context);
    const document = await loadDocumentPage(consoleDb, params.number);
    if (!document) return data({ state: "not-found" as const }, { status: 404 });
    return { state: "found" as const, document };
  } catch (error) {
    logger.error({ reason: (error as Error).message }, "An invoice or credit note could not be read");
    return data({ state: "unavailable" as const }, { status: 503 });
  }
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "books.title");

export default function InvoiceDocument({ loaderData }: Route.ComponentProps) {
  const { t } = useAdminText();
  const format = useBooksFormat();
  if (loaderData.state !== "found") {
    return (
      <section>
        <h1 className="text-3xl font-extrabold text-text">{t("books.heading")}</h1>
        <p role="alert" className="mt-4 text-muted">
          {loaderData.state === "not-found" ? t("books.document.notFound") : t("books.unavailable")}
        </p>
        <p className="mt-6">
          <Link to="/admin/invoices" className={linkClass}>
            {t("books.title")}
          </Link>
        </p>
      </section>
    );
  }
  const { document } = loaderData;
  return (
    <article aria-labelledby="document-heading">
      <Link to={`/admin/invoices?month=${document.month}`} className={`${linkClass} text-sm`}>
        {t("books.document.back", { month: format.month(document.month) })}
      </Link>
      <h1 id="document-heading" className="mt-3 text-3xl font-extrabold text-text">
        {document.kind === "invoice"
          ? t("books.document.invoice", { number: document.number })
          : t("books.document.creditNote", { number: document.number })}
      </h1>
      <Download href={documentPdfHref(document.number)} label={t("books.downloads.pdf")} hint={t("books.downloads.pdfHint")} />
      <DocumentView document={document} />
    </article>
  );
}
