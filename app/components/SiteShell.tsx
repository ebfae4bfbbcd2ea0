import { type ReactNode, Suspense } from "react";
import type { Language } from "../../common/languages";
import { translatorFor } from "../i18n/registry";
import { TranslationContext, useTranslation } from "../i18n/use-translation";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { HydratedMark } from "./HydratedMark";
import { NavigationSpinner } from "./NavigationSpinner";

/** What every page shares: the language's messages, skip link, header, main landmark and footer. */
interface SiteShellProps {
  language: Language;
  children: ReactNode;
}

export function SiteShell({ language, children }: SiteShellProps) {
  const translator = translatorFor(language);
  return (
    <TranslationContext value={translator}>
      <SkipLink />
      <Header />
      {/*
        Each Suspense boundary hydrates on its own, after the header: one long commit of the whole page
        was the longest task of a phone's hydration (docs/decisions/0009-less-work-while-hydrating.md).
        Nothing in them suspends on the server.
      */}
      <main id="main" tabIndex={-1} className="outline-none">
        <Suspense>{children}</Suspense>
      </main>
      <Suspense>
        <Footer />
        <HydratedMark />
      </Suspense>
      <NavigationSpinner label={translator.t("common.loading")} />
    </TranslationContext>
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
