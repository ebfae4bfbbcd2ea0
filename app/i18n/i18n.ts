import { createInstance, type i18n, type Resource } from "i18next";
import { initReactI18next } from "react-i18next";
import type en from "../../content/locales/en.json";
import { claimVariables } from "../content/claims";
import { type Language, languages } from "./languages";

export type Messages = typeof en;

declare module "i18next" {
  interface CustomTypeOptions {
    resources: { translation: Messages };
  }
}

/**
 * A ready i18next instance for `language`, built synchronously from messages already in memory.
 * One instance per request on the server (requests never share a mutable language), one per page
 * in the browser.
 */
export function createI18n(language: Language, messages: Partial<Record<Language, Messages>>): i18n {
  const resources: Resource = {};
  for (const [lang, translation] of Object.entries(messages)) resources[lang] = { translation };
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    supportedLngs: [...languages],
    resources,
    initAsync: false,
    returnNull: false,
    interpolation: {
      // React escapes everything it renders.
      escapeValue: false,
      defaultVariables: claimVariables(language),
    },
    react: { useSuspense: false },
  });
  return instance;
}
