import { perLanguage } from "./content-files";
import type { Messages } from "./i18n";
import type { Language } from "./languages";

/** Each language's messages as its own chunk, so a page downloads only the language it shows. */
const loaders = perLanguage(
  import.meta.glob<Messages>("../../content/locales/*.json", { import: "default" }),
  (language) => `../../content/locales/${language}.json`,
);

export async function loadMessages(language: Language): Promise<Messages> {
  return loaders[language]();
}
