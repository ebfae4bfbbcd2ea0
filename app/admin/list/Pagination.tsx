import { Link, useLocation } from "react-router";
import { useAdminText } from "../text";
import { type PageLinks, searchAt } from "./list-query";

const linkClass = "inline-flex min-h-11 items-center rounded-full border border-line px-4 font-semibold text-text hover:border-accent";

const order = ["first", "previous", "next", "last"] as const;
// `first` and `last` are not link types HTML defines: those two links go without one.
const relations: Record<(typeof order)[number], string | undefined> = { first: undefined, previous: "prev", next: "next", last: undefined };

/** First, previous, next and last links under a list, keeping its filter; nothing when everything fits on one page. */
export function Pagination({ links, label }: { links: PageLinks; label: string }) {
  const { t } = useAdminText();
  const { search } = useLocation();
  const shown = order.filter((name) => links[name] !== undefined);
  if (shown.length === 0) return null;
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center gap-4">
      {shown.map((name) => {
        const position = links[name];
        if (position === undefined) return null;
        return (
          <Link key={name} to={{ search: searchAt(search, position) }} rel={relations[name]} className={linkClass}>
            {t(`common.pages.${name}`)}
          </Link>
        );
      })}
    </nav>
  );
}
