import { Link } from "react-router";
import { useLocalizedPath } from "../../i18n/use-language";
import { card, sectionHeading, textLink } from "../dashboard/ui";
import { useAccountText } from "../text";
import type { InvoiceView } from "./page.server";

function Party({ heading, lines }: { heading: string; lines: string[] }) {
  return (
    <div>
      <h2 className="text-lg font-bold text-text">{heading}</h2>
      <address className="mt-2 not-italic text-muted">
        {lines.map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
      </address>
    </div>
  );
}

/** An invoice as the law asks it to read, in the page's language, with the credit notes that correct it. */
export function InvoicePage({ invoice }: { invoice: InvoiceView }) {
  const { t } = useAccountText();
  const localized = useLocalizedPath();
  const { seller, buyer, item } = invoice;
  return (
    <article aria-labelledby="invoice-heading">
      <h1 id="invoice-heading" className="text-3xl font-extrabold tracking-tight text-text">
        {t("invoice.title", { number: invoice.number })}
      </h1>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-semibold text-text">{t("invoice.issuedOn")}</dt>
          <dd className="text-muted">{invoice.issuedOn}</dd>
        </div>
        <div>
          <dt className="font-semibold text-text">{t("invoice.order")}</dt>
          <dd className="text-muted">{invoice.orderReference}</dd>
        </div>
      </dl>
      <div className={`${card} mt-6 grid gap-6 sm:grid-cols-2`}>
        <Party
          heading={t("invoice.seller")}
          lines={[seller.legalName, ...seller.address, seller.country, t("invoice.taxId", { taxId: seller.taxId })]}
        />
        <Party heading={t("invoice.buyer")} lines={[buyer.name, ...buyer.address, buyer.country]} />
      </div>
      <section aria-labelledby="invoice-items" className={`${card} mt-6`}>
        <h2 id="invoice-items" className={sectionHeading}>
          {t("invoice.itemsHeading")}
        </h2>
        <table className="mt-4 w-full text-left text-sm">
          <thead>
            <tr>
              <th scope="col" className="py-2 font-semibold text-text">
                {t("invoice.description")}
              </th>
              <th scope="col" className="py-2 text-right font-semibold text-text">
                {t("invoice.amount")}
              </th>
            </tr>
          </thead>
          <tbody className="text-muted">
            <tr className="border-t border-line">
              <td className="py-2">{t("invoice.item", { plan: item.plan, months: item.months, count: item.viewers })}</td>
              <td className="py-2 text-right">{invoice.net}</td>
            </tr>
          </tbody>
          <tfoot>
            <tr className="border-t border-line">
              <th scope="row" className="py-2 font-semibold text-text">
                {t("invoice.net")}
              </th>
              <td className="py-2 text-right text-muted">{invoice.net}</td>
            </tr>
            <tr>
              <th scope="row" className="py-2 font-semibold text-text">
                {t("invoice.vat", { rate: invoice.rate })}
              </th>
              <td className="py-2 text-right text-muted">{invoice.tax}</td>
            </tr>
            <tr className="border-t border-line">
              <th scope="row" className="py-2 font-bold text-text">
                {t("invoice.total")}
              </th>
              <td className="py-2 text-right font-bold text-text">{invoice.total}</td>
            </tr>
          </tfoot>
        </table>
        {!invoice.taxCharged && <p className="mt-3 text-sm text-muted">{t("invoice.noVat")}</p>}
      </section>
      {invoice.creditNotes.length > 0 && (
        <section aria-labelledby="invoice-credit-notes" className="mt-6">
          <h2 id="invoice-credit-notes" className={sectionHeading}>
            {t("invoice.creditNotesHeading")}
          </h2>
          <ul className="mt-3 space-y-1 text-muted">
            {invoice.creditNotes.map((note) => (
              <li key={note.number}>{t("invoice.creditNote", { number: note.number, date: note.issuedOn, amount: note.total })}</li>
            ))}
          </ul>
        </section>
      )}
      <p className="mt-8">
        <Link to={localized("/account")} reloadDocument className={textLink}>
          {t("invoice.back")}
        </Link>
      </p>
    </article>
  );
}
