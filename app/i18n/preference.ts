import { type Language, preferenceKey } from "../../common/languages";

const oneYearInSeconds = 365 * 24 * 60 * 60;

/**
 * Remembers the visitor's choice from the language picker: in localStorage for the browser's own
 * detection chain, and in a cookie so the server can answer an unprefixed URL in that language at once.
 */
export function storeLanguagePreference(language: Language): void {
  try {
    localStorage.setItem(preferenceKey, language);
  } catch {
    // Storage switched off: the cookie below still carries the choice.
  }
  const secure = location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we serve.
  document.cookie = `${preferenceKey}=${language}; Path=/; Max-Age=${oneYearInSeconds}; SameSite=Lax${secure}`;
}
