import { Link } from "react-router";
import { useLocalizedPath } from "../i18n/use-language";
import { useTranslation } from "../i18n/use-translation";
import { PageHeading } from "./PageHeading";

/** What a visitor sees when a page fails: a friendly message, never a stack trace. */
export function ErrorPage() {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  return (
    <PageHeading title={t("error.heading")} lead={t("error.text")}>
      <Link to={localized("/")} className="mt-8 inline-flex min-h-12 items-center rounded-full bg-cta px-6 font-semibold text-white">
        {t("error.home")}
      </Link>
    </PageHeading>
  );
}
