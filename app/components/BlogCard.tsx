import { Link } from "react-router";
import type { ArticleSummary } from "../content/blog.server";
import { useLocalizedPath } from "../i18n/use-language";
import { useTranslation } from "../i18n/use-translation";
import { Picture } from "./Picture";

/** An article in a list: its picture, category, title (the link), summary, date and reading time. */
export function BlogCard({ article, headingLevel = 2 }: { article: ArticleSummary; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-card border border-line bg-surface transition-transform hover:-translate-y-1">
      <Picture
        name={article.image}
        alt=""
        sizes="(min-width: 1280px) 400px, (min-width: 768px) 45vw, 100vw"
        className="aspect-[40/21] w-full object-cover"
      />
      <div className="flex flex-1 flex-col p-6">
        <p className="text-xs font-semibold uppercase tracking-wider text-accent">{t(`blog.categories.${article.category}`)}</p>
        <Heading className="mt-2 text-lg font-bold leading-snug text-text">
          {/* The whole card is clickable through this link's stretched area; the link text is the title. */}
          <Link to={localized(`/blog/${article.slug}`)} prefetch="intent" className="after:absolute after:inset-0 after:content-['']">
            {article.title}
          </Link>
        </Heading>
        <p className="mt-2 flex-1 text-sm leading-relaxed text-muted">{article.description}</p>
        <p className="mt-4 text-xs text-muted">
          <time dateTime={article.publishDate}>{article.publishDateText}</time>
          <span aria-hidden="true"> · </span>
          {t("blog.readingTime", { count: article.readingMinutes })}
        </p>
      </div>
    </article>
  );
}
