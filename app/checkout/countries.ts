import { type CountryCode, countryCodes } from "../../common/countries.ts";
import { type Language, localeTags } from "../../common/languages";
import { memoByKey } from "../i18n/memo";

export interface CountryOption {
  code: CountryCode;
  name: string;
}

/** Every country with its name in the language, sorted as that language sorts. */
export const countryOptions = memoByKey((language: Language): readonly CountryOption[] => {
  const names = new Intl.DisplayNames([localeTags[language]], { type: "region" });
  const collator = new Intl.Collator(localeTags[language]);
  return countryCodes.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => collator.compare(a.name, b.name));
});

/** One country's name in the language, as the list writes it; undefined for no code or one not in the list. */
export function countryName(code: string | undefined, language: Language): string | undefined {
  return code ? countryOptions(language).find((option) => option.code === code)?.name : undefined;
}

/** Where the browser asks for the list in a language (`app/routes/countries.ts`). */
export function countryOptionsPath(language: Language): string {
  return `/countries/${language}.json`;
}
