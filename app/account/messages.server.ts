import { perLanguage } from "../../common/content-files";
import { type Language, languages } from "../../common/languages";
import { accountMessageFiles, englishAccountMessages } from "./message-files";
import type { AccountMessages } from "./text";

type Area = keyof AccountMessages;
const areas = Object.keys(englishAccountMessages) as Area[];
const files = import.meta.glob<AccountMessages[Area]>("../../content/locales/account/*/*.json", { eager: true, import: "default" });
const byArea = areas.map(
  (area) =>
    [area, perLanguage(files, (language) => `../../content/locales/account/${language}/${accountMessageFiles[area]}.json`)] as const,
);

/**
 * Every language's account texts, by area. They are sent with the account's pages only, so the public
 * site's bundles never carry them.
 */
export const accountMessages = Object.fromEntries(
  languages.map((language) => [language, Object.fromEntries(byArea.map(([area, texts]) => [area, texts[language]]))]),
) as Record<Language, AccountMessages>;
