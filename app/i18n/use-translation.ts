import { createContext, useContext } from "react";
import type { Translator } from "./i18n";

/** The page's translator, provided by the site's shell (and by a console error page). */
export const TranslationContext = createContext<Translator | null>(null);

/** The texts of the page's language: `t("hero.title")`, `items("faq.items")`. */
export function useTranslation(): Translator {
  const translator = useContext(TranslationContext);
  if (!translator) throw new Error("useTranslation() outside a TranslationContext: the page's shell provides it.");
  return translator;
}
