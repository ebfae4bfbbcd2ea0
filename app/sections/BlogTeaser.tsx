import { Link } from "react-router";
import { BlogCard } from "../components/BlogCard";
import type { ArticleSummary } from "../content/blog.server";
import { useLocalizedPath } from "../i18n/use-language";
import { useTranslation } from "../i18n/use-translation";
import { SectionHeading } from "./SectionHeading";

export function BlogTeaser({ articles }: { articles: ArticleSummary[] }) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  return (
    <section aria-labelledby="blog-teaser-title" className="py-20 lg:py-28">
      <div className="container-page">
        <SectionHeading id="blog-teaser-title" title={t("blogTeaser.heading")} lead={t("blogTeaser.intro")} />
        <ul className="mt-12 grid gap-6 md:grid-cols-2 xl:grid-cols-3">
          {articles.map((article) => (
            <li key={article.slug}>
              <BlogCard article={article} headingLevel={3} />
            </li>
          ))}
        </ul>
        <p className="mt-10 text-center">
          <Link
            to={localized("/blog")}
            prefetch="intent"
            className="inline-flex min-h-12 items-center rounded-full border border-line bg-surface px-6 font-semibold text-text hover:border-accent"
          >
            {t("blogTeaser.cta")}
          </Link>
        </p>
      </div>
    </section>
  );
}
