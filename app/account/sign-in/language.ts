import { defaultLanguage, isLanguage, type Language } from "../../../common/languages";

/** The language a sign-in was asked in, as stored; an unknown one (never written by this code) reads as the default. */
export const mailLanguage = (value: string): Language => (isLanguage(value) ? value : defaultLanguage);
