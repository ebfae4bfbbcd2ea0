import { type Language, localeTags } from "../../common/languages";
import { memoByKey } from "../i18n/memo";

const longDate = memoByKey((language: Language) => new Intl.DateTimeFormat(localeTags[language], { dateStyle: "long", timeZone: "UTC" }));

/** A calendar date (YYYY-MM-DD) written out for a language: "22 November 2026", "22 de noviembre de 2026". */
export function formatDate(isoDate: string, language: Language): string {
  return longDate(language).format(new Date(`${isoDate}T00:00:00Z`));
}
