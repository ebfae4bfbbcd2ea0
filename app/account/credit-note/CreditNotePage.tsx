import { Link } from "react-router";
import { useLocalizedPath } from "../../i18n/use-language";
import { documentTexts } from "../../invoices/document-texts";
import type { DocumentView } from "../../invoices/document-view";
import { textLink } from "../dashboard/ui";
import { DocumentBody } from "../invoice/DocumentBody";
import { useAccountText } from "../text";

/** A credit note as the law asks it to read, its PDF, and the invoice it corrects. */
export function CreditNotePage({ note }: { note: DocumentView }) {
  const { t } = useAccountText();
  const localized = useLocalizedPath();
  const corrects = note.corrects ?? "";
  return (
    <article aria-labelledby="credit-note-heading">
      <DocumentBody texts={documentTexts(note, t)} headingId="credit-note-heading" />
      <ul className="mt-6 space-y-2">
        <li>
          {/* A file, not a page: the browser downloads it (Content-Disposition), so no client-side routing. */}
          <a href={localized(`/account/credit-notes/${encodeURIComponent(note.number)}/pdf`)} className={textLink}>
            {t("invoice.downloadCreditNotePdf")}
          </a>
        </li>
        <li>
          <Link to={localized(`/account/invoices/${encodeURIComponent(corrects)}`)} reloadDocument className={textLink}>
            {t("invoice.openInvoice", { number: corrects })}
          </Link>
        </li>
      </ul>
      <p className="mt-8">
        <Link to={localized("/account")} reloadDocument className={textLink}>
          {t("invoice.back")}
        </Link>
      </p>
    </article>
  );
}
