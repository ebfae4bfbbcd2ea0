import type { Language } from "../../common/languages";
import type { Messages } from "./i18n";

/** Loads one language's messages as its own chunk, so a page downloads only the language it shows. */
const loaders: Record<Language, () => Promise<{ default: Messages }>> = {
  en: () => import("../../content/locales/en.json"),
  es: () => import("../../content/locales/es.json"),
  fr: () => import("../../content/locales/fr.json"),
};

export async function loadMessages(language: Language): Promise<Messages> {
  return (await loaders[language]()).default;
}
