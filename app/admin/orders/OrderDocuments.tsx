import { Link } from "react-router";
import { documentHref, documentPdfHref } from "../books/DocumentsTable";
import { useBooksFormat } from "../books/format";
import { useAdminText } from "../text";
import type { OrderDocument, OrderPageData } from "./order-page.server";
import { linkClass, panelClass } from "./ui";

type Kind = "invoice" | "creditNote";

/** One document: its page, the day it was issued (UTC, as it is numbered), its total, and its PDF. */
function DocumentLine({ kind, document }: { kind: Kind; document: OrderDocument }) {
  const { t } = useAdminText();
  const format = useBooksFormat();
  const { number } = document;
  return (
    <li>
      <Link to={documentHref(number)} className={linkClass}>
        {t(`orders.documents.${kind}`, { number })}
      </Link>{" "}
      · <time dateTime={document.issuedAt}>{format.date(document.issuedAt)}</time> · {format.money(document.total, document.currency)} ·{" "}
      {/* A plain link: the browser saves the file, or shows the sign-in page should the session have ended. */}
      <a href={documentPdfHref(number)} aria-label={t(`orders.documents.${kind}Pdf`, { number })} className={linkClass}>
        {t("orders.documents.pdf")}
      </a>
    </li>
  );
}

/** The order's invoice and the credit notes of its refunds, each with its page and its PDF. */
export function OrderDocuments({ documents }: { documents: OrderPageData["documents"] }) {
  const { t } = useAdminText();
  const { invoice, creditNotes } = documents;
  return (
    <section aria-labelledby="order-documents" className={panelClass}>
      <h2 id="order-documents" className="text-lg font-bold text-text">
        {t("orders.documents.heading")}
      </h2>
      {invoice ? (
        <ul className="mt-3 space-y-2 text-sm text-text">
          <DocumentLine kind="invoice" document={invoice} />
          {creditNotes.map((note) => (
            <DocumentLine key={note.number} kind="creditNote" document={note} />
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-muted">{t("orders.documents.none")}</p>
      )}
    </section>
  );
}
