import { Link, useRouteLoaderData } from "react-router";
import { defaultLanguage, type Language } from "../../common/languages";
import { translatorFor } from "../i18n/registry";
import { TranslationContext, useTranslation } from "../i18n/use-translation";

/**
 * A console page that failed, or does not exist for someone signed out: a short message in the operator's
 * language (the site's own error texts) and the way to the console's start. Never a stack trace, never data.
 */
export function ConsoleError({ notFound }: { notFound: boolean }) {
  const language = useRouteLoaderData<{ language: Language }>("root")?.language ?? defaultLanguage;
  return (
    <TranslationContext value={translatorFor(language)}>
      <ConsoleErrorText notFound={notFound} />
    </TranslationContext>
  );
}

function ConsoleErrorText({ notFound }: { notFound: boolean }) {
  const { t } = useTranslation();
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-extrabold text-text">{notFound ? t("notFound.heading") : t("error.heading")}</h1>
      <p className="mt-3 text-muted">{notFound ? t("notFound.text") : t("error.text")}</p>
      <Link to="/admin" className="mt-6 inline-flex min-h-11 items-center rounded-full bg-cta px-5 font-semibold text-white">
        {t("error.home")}
      </Link>
    </main>
  );
}
