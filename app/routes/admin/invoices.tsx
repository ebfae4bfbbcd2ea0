import { data } from "react-router";
import { logger } from "../../../server/logger.ts";
import { operatorContext } from "../../admin/auth.server";
import { DocumentsTable, KeysetPagination } from "../../admin/books/DocumentsTable";
import { Download } from "../../admin/books/Download";
import { ExportForm } from "../../admin/books/ExportForm";
import { useBooksFormat } from "../../admin/books/format";
import { MonthPicker } from "../../admin/books/MonthPicker";
import { loadMonthPage } from "../../admin/books/month-page.server";
import { TotalsTable } from "../../admin/books/TotalsTable";
import { adminMeta } from "../../admin/meta";
import { useAdminText } from "../../admin/text";
import { servicesOf } from "../../services.server";
import type { Route } from "./+types/invoices";

/** The books of a month: its invoices and credit notes, their totals by country and rate, and the orders' export. */
export async function loader({ request, context }: Route.LoaderArgs) {
  context.get(operatorContext);
  try {
    const { consoleDb } = await servicesOf(context);
    return { state: "found" as const, ...(await loadMonthPage(consoleDb, new URL(request.url))) };
  } catch (error) {
    logger.error({ reason: (error as Error).message }, "The books of a month could not be read");
    return data({ state: "unavailable" as const }, { status: 503 });
  }
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "books.title");

export default function Invoices({ loaderData }: Route.ComponentProps) {
  const { t } = useAdminText();
  const format = useBooksFormat();
  if (loaderData.state === "unavailable") {
    return (
      <section>
        <h1 className="text-3xl font-extrabold text-text">{t("books.heading")}</h1>
        <p role="alert" className="mt-4 text-muted">
          {t("books.unavailable")}
        </p>
      </section>
    );
  }
  const { month } = loaderData;
  return (
    <section aria-labelledby="books-heading">
      <h1 id="books-heading" className="text-3xl font-extrabold text-text">
        {t("books.heading")}
      </h1>
      <MonthPicker month={month} previous={loaderData.previousMonth} next={loaderData.nextMonth} />
      {loaderData.monthInvalid && (
        <p role="alert" className="mt-4 rounded-xl border border-danger/60 bg-danger/10 px-4 py-3 text-text">
          {t("books.month.invalid")}
        </p>
      )}
      <h2 className="mt-8 text-xl font-bold text-text">
        {t("books.list.heading")} · {format.month(month)}
      </h2>
      <DocumentsTable month={month} documents={loaderData.documents} />
      <KeysetPagination month={month} newerKey={loaderData.newerKey} olderKey={loaderData.olderKey} />
      <p className="mt-2 text-xs text-muted">{t("books.datesInUtc")}</p>
      {loaderData.documents.length > 0 && (
        <Download
          href={`/admin/invoices.zip?month=${month}`}
          label={t("books.downloads.zip", { month: format.month(month) })}
          hint={t("books.downloads.zipHint")}
        />
      )}
      <TotalsTable month={month} lines={loaderData.totals.lines} grand={loaderData.totals.grand} />
      <ExportForm state={loaderData.exportForm} />
    </section>
  );
}
