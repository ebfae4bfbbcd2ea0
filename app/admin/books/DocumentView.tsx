import { Link } from "react-router";
import { FactList } from "../orders/FactList";
import { linkClass, panelClass } from "../orders/ui";
import { useAdminText } from "../text";
import { documentHref } from "./DocumentsTable";
import type { DocumentPageData } from "./document-page.server";
import { useBooksFormat } from "./format";

function Party({ heading, lines }: { heading: string; lines: string[] }) {
  return (
    <div>
      <h2 className="text-lg font-bold text-text">{heading}</h2>
      <address className="mt-2 not-italic text-muted">
        {lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an address's lines are fixed, and may repeat.
          <span key={index} className="block">
            {line}
          </span>
        ))}
      </address>
    </div>
  );
}

/** An invoice or a credit note as issued, in the operator's language, with what links it to the rest. */
export function DocumentView({ document }: { document: DocumentPageData }) {
  const { t } = useAdminText();
  const format = useBooksFormat();
  const { amounts, seller, buyer, item } = document;
  const money = (cents: number) => format.money(cents, amounts.currency);
  const facts = [
    [
      t("books.document.issuedOn"),
      <time key="issued" dateTime={document.issuedAt}>
        {format.date(document.issuedAt)}
      </time>,
    ],
    [
      t("books.document.order"),
      document.orderReference ? (
        <Link key="order" to={`/admin/orders/${document.orderReference}`} className={linkClass}>
          {document.orderReference}
        </Link>
      ) : (
        t("common.none")
      ),
    ],
    ...(document.corrects
      ? [
          [
            t("books.document.corrects"),
            <Link key="corrects" to={documentHref(document.corrects)} className={linkClass}>
              {document.corrects}
            </Link>,
          ] as const,
        ]
      : []),
    [t("books.document.language"), t(`common.languageNames.${document.language as "en"}`)],
    [t("books.document.taxBasis"), t(`books.document.taxBases.${document.taxBasis}`)],
    ...(document.ipCountry ? [[t("books.document.ipCountry"), format.country(document.ipCountry)] as const] : []),
  ] as const;
  return (
    <div className="mt-6 grid gap-6">
      <FactList id="document-facts" heading={t("books.document.heading")} facts={facts} />
      <div className={`${panelClass} grid gap-6 sm:grid-cols-2`}>
        <Party
          heading={t("books.document.seller")}
          lines={[seller.legalName, ...seller.address, format.country(seller.country), t("books.document.taxId", { taxId: seller.taxId })]}
        />
        <Party heading={t("books.document.buyer")} lines={[buyer.name, ...buyer.address, format.country(buyer.country)]} />
      </div>
      <section aria-labelledby="document-items" className={panelClass}>
        <h2 id="document-items" className="text-lg font-bold text-text">
          {t("books.document.itemsHeading")}
        </h2>
        <table className="mt-3 w-full text-left text-sm text-text">
          <thead>
            <tr>
              <th scope="col" className="py-2 font-semibold text-muted">
                {t("books.document.description")}
              </th>
              <th scope="col" className="py-2 text-right font-semibold text-muted">
                {t("books.document.amount")}
              </th>
            </tr>
          </thead>
          <tbody>
            <tr className="border-t border-line">
              <td className="py-2">
                {item
                  ? t("books.document.item", { plan: item.plan, months: item.months, count: item.viewers })
                  : t("books.document.refund", { number: document.corrects ?? "" })}
              </td>
              <td className="py-2 text-right tabular-nums">{money(amounts.net)}</td>
            </tr>
          </tbody>
          <tfoot>
            {(
              [
                [t("books.document.net"), amounts.net],
                [t("books.document.vat", { rate: format.rate(amounts.rate) }), amounts.tax],
                [t("books.document.total"), amounts.total],
              ] as const
            ).map(([label, cents]) => (
              <tr key={label} className="border-t border-line">
                <th scope="row" className="py-2 font-semibold">
                  {label}
                </th>
                <td className="py-2 text-right tabular-nums">{money(cents)}</td>
              </tr>
            ))}
          </tfoot>
        </table>
      </section>
      {document.kind === "invoice" && <CreditNotes notes={document.creditNotes} />}
    </div>
  );
}

function CreditNotes({ notes }: { notes: DocumentPageData["creditNotes"] }) {
  const { t } = useAdminText();
  const format = useBooksFormat();
  return (
    <section aria-labelledby="document-credit-notes" className={panelClass}>
      <h2 id="document-credit-notes" className="text-lg font-bold text-text">
        {t("books.document.creditNotes")}
      </h2>
      {notes.length === 0 ? (
        <p className="mt-2 text-muted">{t("books.document.noCreditNotes")}</p>
      ) : (
        <ul className="mt-2 space-y-1 text-text">
          {notes.map((note) => (
            <li key={note.number}>
              <Link to={documentHref(note.number)} className={linkClass}>
                {note.number}
              </Link>{" "}
              · <time dateTime={note.issuedAt}>{format.date(note.issuedAt)}</time> · {format.money(note.total, note.currency)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
