import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { data, Form, Link, useLocation, useNavigate } from "react-router";
import { languageFromPath, requestPathname } from "../../common/languages";
import { blogListMeta } from "../blog-list-meta";
import { actionOrLoaderHeaders, keptForAMinute, sharedForAMinute } from "../cache-control";
import { BlogResults } from "../components/BlogResults";
import { PageHeading } from "../components/PageHeading";
import { StaticContent } from "../components/StaticContent";
import { listArticles, readBlogQuery } from "../content/blog.server";
import { blogCategories } from "../content/blog-categories";
import { type BlogListQuery, blogListHead, blogListPath } from "../content/blog-pages";
import { freshData, rememberData } from "../content/fresh-data";
import { translatorFor } from "../i18n/registry";
import { useLocalizedPath } from "../i18n/use-language";
import { useTranslation } from "../i18n/use-translation";
import { pageMeta } from "../seo";
import type { Route } from "./+types/blog";

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = readBlogQuery(url.searchParams);
  const started = performance.now();
  const list = listArticles(languageFromPath(requestPathname(request)), query);
  if (!query.search.trim()) return data({ query, ...list }, { headers: sharedForAMinute });
  // The search's own time (not the page's: Server-Timing has no total here), for the scale bench
  // (scripts/bench-scale/blog.ts) and a browser's network panel. Results are not kept in the page cache.
  const timing = `search;dur=${(performance.now() - started).toFixed(2)};desc="blog search only"`;
  return data({ query, ...list }, { headers: { ...keptForAMinute, "Server-Timing": timing } });
}

export function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  return freshData(request.url, serverLoader);
}

export const headers: Route.HeadersFunction = actionOrLoaderHeaders;

export const meta: Route.MetaFunction = ({ location, loaderData }) => {
  if (!loaderData) return pageMeta(location.pathname, "blog");
  const { t } = translatorFor(languageFromPath(location.pathname));
  const { query, page, pageCount } = loaderData;
  const title = page > 1 ? t("blog.pageTitle", { title: t("meta.blog.title"), page }) : undefined;
  return blogListMeta(pageMeta(location.pathname, "blog", { title }), blogListHead(location.pathname, { ...query, page }, pageCount));
};

const typingPauseMs = 300;

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { query, articles, total, page, pageCount } = loaderData;
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const location = useLocation();
  const navigate = useNavigate();
  const searchId = useId();
  const [text, setText] = useState(query.search);
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  const searchBox = useRef<HTMLInputElement>(null);

  // What the server rendered is fresh data too: coming back to this list within a minute needs no request.
  useEffect(() => rememberData(location.pathname + location.search, loaderData), [location, loaderData]);
  // A search changed by a link (clear, category) shows in the box: adjusted while rendering, as React
  // advises, so the first render (which may hold what was typed before the app woke) is left alone.
  const [searchShown, setSearchShown] = useState(query.search);
  if (query.search !== searchShown) {
    setSearchShown(query.search);
    setText(query.search);
  }

  // A new search or category starts again at the first page.
  const listUrl = (changes: Partial<BlogListQuery>) => blogListPath(localized("/blog"), { ...query, page: 1, ...changes });

  const onType = (value: string) => {
    setText(value);
    clearTimeout(typing.current);
    typing.current = setTimeout(() => {
      void navigate(listUrl({ search: value.trim() }), { replace: true, preventScrollReset: true });
    }, typingPauseMs);
  };

  // What was typed before the page hydrated is in the box but not in React's state: keep it and search it,
  // before anything renders again and puts the server's empty box back.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration
  useLayoutEffect(() => {
    const typed = searchBox.current?.value;
    if (typed !== undefined && typed !== text) onType(typed);
  }, []);

  return (
    <>
      <PageHeading title={t("blog.heading")} lead={t("blog.intro")}>
        <Form
          method="get"
          action={localized("/blog")}
          role="search"
          className="mt-8 flex max-w-xl gap-2"
          onSubmit={() => clearTimeout(typing.current)}
        >
          <label htmlFor={searchId} className="sr-only">
            {t("blog.searchLabel")}
          </label>
          <input
            ref={searchBox}
            id={searchId}
            type="search"
            name="search"
            value={text}
            onChange={(event) => onType(event.target.value)}
            maxLength={100}
            placeholder={t("blog.searchPlaceholder")}
            className="min-h-12 flex-1 rounded-full border border-line bg-ink px-5 text-text placeholder:text-muted/80 focus:border-accent"
          />
          {query.category !== "all" && <input type="hidden" name="category" value={query.category} />}
          <button type="submit" className="min-h-12 rounded-full bg-cta px-6 font-semibold text-white">
            {t("blog.searchSubmit")}
          </button>
        </Form>
      </PageHeading>

      <div className="container-page py-10">
        <nav aria-label={t("blog.categoriesLabel")}>
          <ul className="flex flex-wrap gap-2">
            {(["all", ...blogCategories] as const).map((category) => (
              <li key={category}>
                <Link
                  to={listUrl({ category })}
                  preventScrollReset
                  aria-current={query.category === category ? "page" : undefined}
                  className="inline-flex min-h-11 items-center rounded-full border border-line px-4 text-sm font-medium text-muted hover:border-accent hover:text-text aria-[current=page]:border-transparent aria-[current=page]:bg-cta aria-[current=page]:text-white"
                >
                  {t(`blog.categories.${category}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <p role="status" className="mt-6 text-sm text-muted">
          {query.search ? t("blog.resultsFor", { count: total, search: query.search }) : t("blog.results", { count: total })}
        </p>

        <StaticContent version={location.pathname + location.search}>
          <BlogResults articles={articles} search={query.search} page={page} pageCount={pageCount} listUrl={listUrl} />
        </StaticContent>
      </div>
    </>
  );
}
