import { Link, useLocation } from "react-router";
import { type Language, languages, localizePath } from "../../common/languages";
import { storeLanguagePreference } from "../i18n/preference";
import { useLanguage } from "../i18n/use-language";
import { useTranslation } from "../i18n/use-translation";
import { Flag } from "./Flag";
import { useDisclosure } from "./use-disclosure";

/**
 * The language picker: a disclosure opening a short list of links to this same page in each language.
 * Choosing one stores the preference and switches at once; without JavaScript it opens and the links work.
 */
export function LanguagePicker({ onChoose }: { onChoose?: () => void }) {
  const { t } = useTranslation();
  const current = useLanguage();
  const location = useLocation();
  const picker = useDisclosure();

  const choose = (language: Language) => {
    storeLanguagePreference(language);
    picker.close();
    onChoose?.();
  };

  return (
    <details {...picker.detailsProps} className="group/picker relative">
      <summary
        ref={picker.summaryRef}
        className="inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-full border border-line/80 px-3 text-sm font-medium text-text transition-colors hover:border-accent [&::-webkit-details-marker]:hidden"
      >
        <Flag language={current} />
        <span>{current.toUpperCase()}</span>
        <span className="sr-only">{t("common.languagePicker", { language: t(`common.languageNames.${current}`) })}</span>
        <svg viewBox="0 0 12 8" width="10" height="7" aria-hidden="true" className="group-open/picker:rotate-180">
          <path d="M1 1l5 5 5-5" stroke="currentColor" strokeWidth="1.8" fill="none" />
        </svg>
      </summary>
      <ul
        aria-label={t("common.chooseLanguage")}
        className="absolute right-0 z-50 mt-2 min-w-44 overflow-hidden rounded-xl border border-line bg-surface-2 py-1 shadow-header"
      >
        {languages.map((language) => (
          <li key={language}>
            <Link
              to={localizePath(location.pathname, language) + location.search}
              hrefLang={language}
              lang={language}
              aria-current={language === current ? "true" : undefined}
              onClick={() => choose(language)}
              className="flex min-h-11 items-center gap-3 px-4 text-sm text-text hover:bg-line/60 aria-[current]:font-semibold aria-[current]:text-accent"
            >
              <Flag language={language} />
              {t(`common.languageNames.${language}`)}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}
