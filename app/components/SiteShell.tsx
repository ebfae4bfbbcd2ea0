import type { ReactNode } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import type { Language } from "../i18n/languages";
import { i18nFor } from "../i18n/registry";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { LanguageDetector } from "./LanguageDetector";
import { NavigationSpinner } from "./NavigationSpinner";

/** What every page shares: the language's messages, skip link, header, main landmark and footer. */
interface SiteShellProps {
  language: Language;
  /** Where the language detection asks for the visitor's country; null where detection should not run. */
  geolocationEndpoint: string | null;
  children: ReactNode;
}

export function SiteShell({ language, geolocationEndpoint, children }: SiteShellProps) {
  return (
    <I18nextProvider i18n={i18nFor(language)}>
      <SkipLink />
      <Header />
      <main id="main" tabIndex={-1} className="outline-none">
        {children}
      </main>
      <Footer />
      <NavigationSpinner />
      {geolocationEndpoint && <LanguageDetector endpoint={geolocationEndpoint} />}
    </I18nextProvider>
  );
}

function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-full bg-text px-5 py-3 font-semibold text-ink focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
    >
      {t("common.skipToContent")}
    </a>
  );
}
