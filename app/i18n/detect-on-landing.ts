import { defaultLanguage, languageFromPath, localizePath } from "../../common/languages";
import { detectLanguage, storedPreference } from "./detect";
import { storeLanguagePreference } from "./preference";

/**
 * The language chain, run without React: an unprefixed (English) page imports this module on its own, once it
 * has painted, whether or not the visitor ever wakes the rest of the page's JavaScript
 * (docs/decisions/0034-hydration-on-first-interaction.md). It is built apart from the app, so it pulls in
 * neither React nor the router. A `/es` or `/fr` URL is an explicit choice and never imports it.
 */
export async function detectOnLanding(endpoint: string, timeoutMs: number): Promise<void> {
  const { language, source } = await detectLanguage({
    preferences: localStorage,
    session: sessionStorage,
    fetch: window.fetch.bind(window),
    endpoint,
    timeoutMs,
    browserLanguage: navigator.language,
    logError: (message, error) => console.warn(message, error),
  });
  // A choice stored in this browser without its cookie (cookies cleared, or chosen before the cookie
  // existed): the cookie is written again, so the server answers in that language from the next page on.
  if (source === "preference") storeLanguagePreference(language);
  const here = window.location;
  if (language === defaultLanguage || languageFromPath(here.pathname) !== defaultLanguage) return;
  // A choice made in the picker while the detection ran wins over the detection (not over itself).
  if (source !== "preference" && storedPreference(localStorage)) return;
  here.replace(localizePath(here.pathname, language) + here.search + here.hash);
}
