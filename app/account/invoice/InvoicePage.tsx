import { Link } from "react-router";
import { useLocalizedPath } from "../../i18n/use-language";
import { documentTexts } from "../../invoices/document-texts";
import { sectionHeading, textLink } from "../dashboard/ui";
import { useAccountText } from "../text";
import { DocumentBody } from "./DocumentBody";
import type { InvoicePageView } from "./page.server";

/** An invoice as the law asks it to read, in the page's language, its PDF, and the credit notes that correct it. */
export function InvoicePage({ invoice }: { invoice: InvoicePageView }) {
  const { t } = useAccountText();
  const localized = useLocalizedPath();
  return (
    <article aria-labelledby="invoice-heading">
      <DocumentBody texts={documentTexts(invoice, t)} headingId="invoice-heading" />
      <p className="mt-6">
        {/* A file, not a page: the browser downloads it (Content-Disposition), so no client-side routing. */}
        <a href={localized(`/account/invoices/${encodeURIComponent(invoice.number)}/pdf`)} className={textLink}>
          {t("invoice.downloadPdf")}
        </a>
      </p>
      {invoice.creditNotes.length > 0 && (
        <section aria-labelledby="invoice-credit-notes" className="mt-6">
          <h2 id="invoice-credit-notes" className={sectionHeading}>
            {t("invoice.creditNotesHeading")}
          </h2>
          <ul className="mt-3 space-y-1 text-muted">
            {invoice.creditNotes.map((note) => (
              <li key={note.number}>
                <Link to={localized(`/account/credit-notes/${encodeURIComponent(note.number)}`)} reloadDocument className={textLink}>
                  {t("invoice.creditNote", { number: note.number, date: note.issuedOn, amount: note.total })}
                </Link>
              </li>
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
