import { Link } from "react-router";
import type { ArticleSummary } from "../content/blog.server";
import { useLocalizedPath } from "../i18n/use-language";
import { useTranslation } from "../i18n/use-translation";
import { BlogCard } from "./BlogCard";
import { pageWindow } from "./page-window";

interface BlogResultsProps {
  articles: ArticleSummary[];
  /** What was searched for, if anything: the empty list says so. */
  search: string;
  page: number;
  pageCount: number;
  /** The list's address with a page chosen. */
  listUrl: (changes: { page: number }) => string;
}

/** One page of the blog's articles (or what to do when none match), with the links to the other pages. */
export function BlogResults({ articles, search, page, pageCount, listUrl }: BlogResultsProps) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  return (
    <>
      {articles.length > 0 ? (
        <ul className="mt-6 grid gap-6 md:grid-cols-2 xl:grid-cols-3">
          {articles.map((article) => (
            <li key={article.slug}>
              <BlogCard article={article} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="mt-6 rounded-card border border-line bg-surface p-10 text-center">
          <p className="text-lg font-semibold text-text">{search ? t("blog.empty", { search: search }) : t("blog.emptyCategory")}</p>
          <p className="mt-2 text-muted">{t("blog.emptyHint")}</p>
          <Link
            to={localized("/blog")}
            className="mt-6 inline-flex min-h-11 items-center rounded-full bg-cta px-6 font-semibold text-white"
          >
            {t("blog.clearSearch")}
          </Link>
        </div>
      )}

      {pageCount > 1 && (
        <nav aria-label={t("blog.pagination")} className="mt-12 flex flex-wrap items-center justify-center gap-2">
          {page > 1 && (
            <Link
              to={listUrl({ page: page - 1 })}
              rel="prev"
              className="inline-flex min-h-11 items-center rounded-full border border-line px-4 text-sm text-text hover:border-accent"
            >
              {t("blog.previous")}
            </Link>
          )}
          {pageWindow(page, pageCount).map((number, at) =>
            number === "gap" ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: a gap is only told apart by where it is
              <span key={`gap-${at}`} aria-hidden="true" className="px-1 text-sm text-muted">
                …
              </span>
            ) : (
              <Link
                key={number}
                to={listUrl({ page: number })}
                aria-label={t("blog.page", { page: number })}
                aria-current={number === page ? "page" : undefined}
                className="inline-flex size-11 items-center justify-center rounded-full border border-line text-sm text-text hover:border-accent aria-[current=page]:bg-cta aria-[current=page]:text-white"
              >
                {number}
              </Link>
            ),
          )}
          {page < pageCount && (
            <Link
              to={listUrl({ page: page + 1 })}
              rel="next"
              className="inline-flex min-h-11 items-center rounded-full border border-line px-4 text-sm text-text hover:border-accent"
            >
              {t("blog.next")}
            </Link>
          )}
        </nav>
      )}
    </>
  );
}
