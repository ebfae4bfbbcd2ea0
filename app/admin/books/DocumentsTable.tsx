import { Link } from "react-router";
import type { BookDocument } from "../../../server/db/books.ts";
import { ConsoleTable, cellClass } from "../list/ConsoleTable";
import { linkClass } from "../orders/ui";
import { useAdminText } from "../text";
import { useBooksFormat } from "./format";

const columns = ["number", "date", "buyer", "country", "net", "rate", "tax", "total", "corrects"] as const;
const amountClass = `${cellClass} whitespace-nowrap text-right tabular-nums`;

export const documentHref = (number: string) => `/admin/invoices/${encodeURIComponent(number)}`;
export const documentPdfHref = (number: string) => `${documentHref(number)}/pdf`;

/** A month's invoices and credit notes, newest first, each opening its document. */
export function DocumentsTable({ month, documents }: { month: string; documents: BookDocument[] }) {
  const { t } = useAdminText();
  const format = useBooksFormat();
  const monthName = format.month(month);
  return (
    <ConsoleTable
      caption={t("books.list.caption", { month: monthName })}
      empty={t("books.list.empty", { month: monthName })}
      headers={columns.map((column) => t(`books.list.columns.${column}`))}
    >
      {documents.map((document) => (
        <tr key={document.number}>
          <th scope="row" className={`${cellClass} whitespace-nowrap font-normal`}>
            <Link to={documentHref(document.number)} className={linkClass}>
              {document.number}
            </Link>
            {document.kind === "credit-note" && <span className="block text-xs text-muted">{t("books.list.creditNote")}</span>}
          </th>
          <td className={`${cellClass} whitespace-nowrap`}>
            <time dateTime={document.issued_at}>{format.date(document.issued_at)}</time>
          </td>
          <td className={cellClass}>{document.buyer_name}</td>
          <td className={cellClass}>{format.country(document.buyer_country)}</td>
          <td className={amountClass}>{format.money(document.net_cents, document.currency)}</td>
          <td className={amountClass}>{format.rate(document.rate_basis_points)}</td>
          <td className={amountClass}>{format.money(document.tax_cents, document.currency)}</td>
          <td className={amountClass}>{format.money(document.total_cents, document.currency)}</td>
          <td className={`${cellClass} whitespace-nowrap`}>
            {document.corrects ? (
              <Link to={documentHref(document.corrects)} className={linkClass}>
                {document.corrects}
              </Link>
            ) : (
              t("common.none")
            )}
          </td>
        </tr>
      ))}
    </ConsoleTable>
  );
}

/** Newer and older pages of the month, each from the key of the document at the page's edge. */
export function KeysetPagination({ month, newerKey, olderKey }: { month: string; newerKey: string | null; olderKey: string | null }) {
  const { t } = useAdminText();
  if (!newerKey && !olderKey) return null;
  const button = "inline-flex min-h-11 items-center rounded-full border border-line px-4 font-semibold text-text hover:border-accent";
  return (
    <nav aria-label={t("books.list.pages")} className="mt-4 flex flex-wrap gap-4">
      {newerKey && (
        <Link to={`/admin/invoices?${new URLSearchParams({ month, newer: newerKey })}`} rel="prev" className={button}>
          {t("books.list.newer")}
        </Link>
      )}
      {olderKey && (
        <Link to={`/admin/invoices?${new URLSearchParams({ month, older: olderKey })}`} rel="next" className={button}>
          {t("books.list.older")}
        </Link>
      )}
    </nav>
  );
}
