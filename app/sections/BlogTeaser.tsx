import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocalizedPath } from "../i18n/use-language";
import { SectionHeading } from "./SectionHeading";

export function BlogTeaser() {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  return (
    <section aria-labelledby="blog-teaser-title" className="py-20 lg:py-28">
      <div className="container-page text-center">
        <SectionHeading id="blog-teaser-title" title={t("blogTeaser.heading")} lead={t("blogTeaser.intro")} />
        <Link
          to={localized("/blog")}
          prefetch="intent"
          className="mt-8 inline-flex min-h-12 items-center rounded-full border border-line bg-surface px-6 font-semibold text-text hover:border-accent"
        >
          {t("blogTeaser.cta")}
        </Link>
      </div>
    </section>
  );
}
