import { useEffect } from "react";
import { data, Link, useLocation } from "react-router";
import { languageFromPath, localizePath, requestPathname } from "../../common/languages";
import { site } from "../../content/site";
import { actionOrLoaderHeaders, sharedForAMinute } from "../cache-control";
import { BlogCard } from "../components/BlogCard";
import { Picture } from "../components/Picture";
import { StaticContent } from "../components/StaticContent";
import { findArticle, relatedArticles } from "../content/blog.server";
import { freshData, rememberData } from "../content/fresh-data";
import { translatorFor } from "../i18n/registry";
import { useLocalizedPath } from "../i18n/use-language";
import { useTranslation } from "../i18n/use-translation";
import { absoluteUrl, pageMeta } from "../seo";
import { socialImagePath } from "../social-images";
import { blogPosting, breadcrumbs } from "../structured-data";
import type { Route } from "./+types/article";

export function loader({ request, params }: Route.LoaderArgs) {
  const article = findArticle(languageFromPath(requestPathname(request)), params.slug);
  if (!article) throw data(null, { status: 404 });
  return data({ article, related: relatedArticles(article) }, { headers: sharedForAMinute });
}

export function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  return freshData(request.url, serverLoader);
}

export const headers: Route.HeadersFunction = actionOrLoaderHeaders;

export const meta: Route.MetaFunction = ({ location, loaderData }) => {
  if (!loaderData) return pageMeta(location.pathname, "notFound");
  const { article } = loaderData;
  const language = languageFromPath(location.pathname);
  const { t } = translatorFor(language);
  const section = t(`blog.categories.${article.category}`);
  const socialCard = `blog/${article.slug}`;
  return pageMeta(location.pathname, "blog", {
    title: `${article.title} | ${site.brand.name}`,
    description: article.description,
    socialCard,
    article: {
      publishedTime: article.publishDate,
      modifiedTime: article.modifiedDate,
      author: article.author,
      section,
      tags: article.keywords,
    },
    structuredData: [
      blogPosting({
        url: absoluteUrl(location.pathname),
        headline: article.title,
        description: article.description,
        image: absoluteUrl(socialImagePath(language, socialCard)),
        datePublished: article.publishDate,
        dateModified: article.modifiedDate,
        author: article.author,
        section,
        keywords: article.keywords,
        language,
      }),
      breadcrumbs([
        { name: t("blog.home"), path: localizePath("/", language) },
        { name: t("blog.heading"), path: localizePath("/blog", language) },
        { name: article.title },
      ]),
    ],
  });
};

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { article, related } = loaderData;
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const location = useLocation();

  useEffect(() => rememberData(location.pathname + location.search, loaderData), [location, loaderData]);

  return (
    <StaticContent as="article" version={location.pathname}>
      <header className="border-b border-line bg-[radial-gradient(ellipse_at_top,rgb(124_58_237/0.28),transparent_65%)] pt-28 pb-10">
        <div className="container-page max-w-3xl">
          <nav aria-label={t("blog.breadcrumb")}>
            <ol className="flex flex-wrap items-center gap-2 text-sm text-muted">
              <li>
                <Link to={localized("/")} className="hover:text-text">
                  {t("blog.home")}
                </Link>
              </li>
              <li aria-hidden="true">/</li>
              <li>
                <Link to={localized("/blog")} className="hover:text-text">
                  {t("blog.heading")}
                </Link>
              </li>
              <li aria-hidden="true">/</li>
              <li aria-current="page" className="line-clamp-1 text-text/80">
                {article.title}
              </li>
            </ol>
          </nav>
          <p className="mt-8">
            <Link
              to={localized(`/blog?category=${article.category}`)}
              className="text-sm font-semibold uppercase tracking-wider text-accent hover:underline"
            >
              {t(`blog.categories.${article.category}`)}
            </Link>
          </p>
          <h1 className="mt-3 text-3xl font-extrabold leading-tight tracking-tight text-text sm:text-5xl">{article.title}</h1>
          <p className="mt-5 text-lg leading-relaxed text-muted">{article.description}</p>
          <p className="mt-6 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
            <time dateTime={article.publishDate}>{t("blog.published", { date: article.publishDateText })}</time>
            {article.modifiedDate && article.modifiedDateText && (
              <time dateTime={article.modifiedDate}>{t("blog.updated", { date: article.modifiedDateText })}</time>
            )}
            <span>{t("blog.readingTime", { count: article.readingMinutes })}</span>
            {article.author && <span>{t("blog.by", { author: article.author })}</span>}
          </p>
        </div>
      </header>

      <div className="container-page max-w-3xl py-10">
        <Picture
          name={article.image}
          alt={article.imageAlt}
          sizes="(min-width: 768px) 720px, calc(100vw - 2.5rem)"
          priority
          className="aspect-[40/21] w-full rounded-card border border-line object-cover"
        />
        {/* Rendered at start-up from the operator's own Markdown files. */}
        <div className="prose-page mt-10" dangerouslySetInnerHTML={{ __html: article.html }} />

        <section aria-labelledby="keywords-title" className="mt-12">
          <h2 id="keywords-title" className="text-sm font-semibold uppercase tracking-wider text-muted">
            {t("blog.keywords")}
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {article.keywords.map((keyword) => (
              <li key={keyword} className="rounded-full border border-line px-3 py-1 text-sm text-muted">
                {keyword}
              </li>
            ))}
          </ul>
        </section>

        <p className="mt-12">
          <Link to={localized("/blog")} className="inline-flex min-h-11 items-center gap-2 font-semibold text-accent hover:underline">
            <span aria-hidden="true">←</span> {t("blog.back")}
          </Link>
        </p>
      </div>

      {related.length > 0 && (
        <section aria-labelledby="related-title" className="border-t border-line py-16">
          <div className="container-page">
            <h2 id="related-title" className="text-2xl font-bold text-text">
              {t("blog.related")}
            </h2>
            <ul className="mt-8 grid gap-6 md:grid-cols-3">
              {related.map((other) => (
                <li key={other.slug}>
                  <BlogCard article={other} headingLevel={3} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
    </StaticContent>
  );
}
