import { perLanguage } from "../../common/content-files";
import type { Language } from "../../common/languages";
import type { Messages } from "./i18n";

/** Each language's messages as its own chunk, so a page downloads only the language it shows. */
const loaders = perLanguage(
  import.meta.glob<Messages>("../../content/locales/*.json", { import: "default" }),
  (language) => `../../content/locales/${language}.json`,
);

export async function loadMessages(language: Language): Promise<Messages> {
  return loaders[language]();
}
