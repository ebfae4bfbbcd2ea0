import type { DocumentTexts } from "../../invoices/document-texts";
import { card, sectionHeading } from "../dashboard/ui";

function Party({ id, heading, lines }: { id: string; heading: string; lines: string[] }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-lg font-bold text-text">
        {heading}
      </h2>
      <address className="mt-2 not-italic text-muted">
        {lines.map((line, index) => (
          // Lines may repeat (a city twice): the place is the key.
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
          <span key={index} className="block">
            {line}
          </span>
        ))}
      </address>
    </section>
  );
}

/**
 * An invoice or a credit note as the law asks it to read: the very strings its PDF prints
 * (app/invoices/document-texts.ts), laid out as a page. `headingId` names the article the page wraps it in.
 */
export function DocumentBody({ texts, headingId }: { texts: DocumentTexts; headingId: string }) {
  return (
    <>
      <h1 id={headingId} className="text-3xl font-extrabold tracking-tight text-text">
        {texts.title}
      </h1>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {texts.facts.map((fact) => (
          <div key={fact.label}>
            <dt className="font-semibold text-text">{fact.label}</dt>
            <dd className="text-muted">{fact.value}</dd>
          </div>
        ))}
      </dl>
      {texts.correction && <p className="mt-4 text-muted">{texts.correction}</p>}
      <div className={`${card} mt-6 grid gap-6 sm:grid-cols-2`}>
        <Party id="document-seller" heading={texts.seller.heading} lines={texts.seller.lines} />
        <Party id="document-buyer" heading={texts.buyer.heading} lines={texts.buyer.lines} />
      </div>
      <section aria-labelledby="document-items" className={`${card} mt-6`}>
        <h2 id="document-items" className={sectionHeading}>
          {texts.itemsHeading}
        </h2>
        <table className="mt-4 w-full text-left text-sm">
          <thead>
            <tr>
              <th scope="col" className="py-2 font-semibold text-text">
                {texts.columns.description}
              </th>
              <th scope="col" className="py-2 text-right font-semibold text-text">
                {texts.columns.amount}
              </th>
            </tr>
          </thead>
          <tbody className="text-muted">
            <tr className="border-t border-line">
              <td className="py-2">{texts.item.description}</td>
              <td className="py-2 text-right">{texts.item.amount}</td>
            </tr>
          </tbody>
          <tfoot>
            {texts.totals.map((total) => (
              <tr key={total.label} className={total.strong ? "border-t border-line" : undefined}>
                <th scope="row" className={`py-2 text-text ${total.strong ? "font-bold" : "font-semibold"}`}>
                  {total.label}
                </th>
                <td className={`py-2 text-right ${total.strong ? "font-bold text-text" : "text-muted"}`}>{total.amount}</td>
              </tr>
            ))}
          </tfoot>
        </table>
        {texts.notes.map((note) => (
          <p key={note} className="mt-3 text-sm text-muted">
            {note}
          </p>
        ))}
      </section>
    </>
  );
}
