import { perLanguage } from "../../common/content-files";
import { type Language, languages } from "../../common/languages";
import { englishAdminMessages } from "./message-files";
import type { AdminMessages } from "./text";

type Area = keyof AdminMessages;
const areas = Object.keys(englishAdminMessages) as Area[];
const files = import.meta.glob<AdminMessages[Area]>("../../content/locales/admin/*/*.json", { eager: true, import: "default" });
const byArea = areas.map(
  (area) => [area, perLanguage(files, (language) => `../../content/locales/admin/${language}/${area}.json`)] as const,
);

/** Every language's console texts, by area (one file per area and language under content/locales/admin/). */
export const adminMessages = Object.fromEntries(
  languages.map((language) => [language, Object.fromEntries(byArea.map(([area, texts]) => [area, texts[language]]))]),
) as Record<Language, AdminMessages>;
