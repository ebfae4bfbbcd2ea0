import type { TaxTotal } from "../../../server/db/books.ts";
import { ConsoleTable, cellClass } from "../list/ConsoleTable";
import { useAdminText } from "../text";
import { useBooksFormat } from "./format";

const columns = ["country", "rate", "invoices", "creditNotes", "net", "tax", "total"] as const;
const amountClass = `${cellClass} whitespace-nowrap text-right tabular-nums`;

/** The month's totals by country and rate, then the grand total per currency: what an OSS return asks. */
export function TotalsTable({ month, lines, grand }: { month: string; lines: TaxTotal[]; grand: TaxTotal[] }) {
  const { t } = useAdminText();
  const format = useBooksFormat();
  const monthName = format.month(month);
  const amounts = (total: TaxTotal, strong = false) => (
    <>
      <td className={amountClass}>{total.invoices}</td>
      <td className={amountClass}>{total.credit_notes}</td>
      {([total.net_cents, total.tax_cents, total.total_cents] as const).map((cents, index) => (
        <td key={columns[index + 4]} className={`${amountClass}${strong ? " font-bold" : ""}`}>
          {format.money(cents, total.currency)}
        </td>
      ))}
    </>
  );
  return (
    <section aria-labelledby="totals-heading" className="mt-10">
      <h2 id="totals-heading" className="text-xl font-bold text-text">
        {t("books.totals.heading")}
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-muted">{t("books.totals.hint")}</p>
      <ConsoleTable
        caption={t("books.totals.caption", { month: monthName })}
        empty={t("books.totals.empty", { month: monthName })}
        headers={columns.map((column) => t(`books.totals.columns.${column}`))}
      >
        {[
          ...lines.map((line) => (
            <tr key={`${line.buyer_country}-${line.rate_basis_points}-${line.currency}`}>
              <th scope="row" className={`${cellClass} font-normal`}>
                {format.country(line.buyer_country ?? "")}
              </th>
              <td className={amountClass}>{format.rate(line.rate_basis_points ?? 0)}</td>
              {amounts(line)}
            </tr>
          )),
          ...grand.map((total) => (
            <tr key={`grand-${total.currency}`} className="bg-ink/40">
              <th scope="row" colSpan={2} className={`${cellClass} font-bold`}>
                {t("books.totals.grand", { currency: total.currency })}
              </th>
              {amounts(total, true)}
            </tr>
          )),
        ]}
      </ConsoleTable>
    </section>
  );
}
