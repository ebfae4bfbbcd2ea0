import { Link } from "react-router";
import { useLocalizedPath } from "../i18n/use-language";
import { useTranslation } from "../i18n/use-translation";
import { PageHeading } from "./PageHeading";

export function NotFoundPage() {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  return (
    <PageHeading title={t("notFound.heading")} lead={t("notFound.text")}>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to={localized("/")} className="inline-flex min-h-12 items-center rounded-full bg-cta px-6 font-semibold text-white">
          {t("notFound.home")}
        </Link>
        <Link
          to={localized("/#plans")}
          className="inline-flex min-h-12 items-center rounded-full border border-line px-6 font-semibold text-text hover:border-accent"
        >
          {t("notFound.plans")}
        </Link>
      </div>
    </PageHeading>
  );
}
