import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { defaultLanguage, isLanguage, languageFromPath, localizePath, preferenceKey } from "../../common/languages";
import { site } from "../../content/site";
import { detectLanguage } from "../i18n/detect";
import { storeLanguagePreference } from "../i18n/preference";
import { onIdle } from "./on-idle";

/**
 * Runs the language chain once, when the visitor first lands on an unprefixed (English) page, and takes
 * them to the same page in their language. A `/es` or `/fr` URL is an explicit choice and is left alone.
 * It renders nothing and never delays the page: English shows at once.
 */
export function LanguageDetector({ endpoint }: { endpoint: string }) {
  const location = useLocation();
  const navigate = useNavigate();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the chain runs once per visit, on the landing URL.
  useEffect(() => {
    if (languageFromPath(location.pathname) !== defaultLanguage) return;
    let cancelled = false;
    const detect = () =>
      detectLanguage({
        preferences: localStorage,
        session: sessionStorage,
        fetch: window.fetch.bind(window),
        endpoint,
        timeoutMs: site.geolocation.timeoutMs,
        browserLanguage: navigator.language,
        logError: (message, error) => console.warn(message, error),
      }).then(({ language, source }) => {
        if (cancelled) return;
        // A choice stored in this browser without its cookie (cookies cleared, or chosen before the cookie
        // existed): the cookie is written again, so the server answers in that language from the next page on.
        if (source === "preference") storeLanguagePreference(language);
        const here = window.location;
        if (language === defaultLanguage || languageFromPath(here.pathname) !== defaultLanguage) return;
        // A choice made in the picker while a detection ran wins over the detection (not over itself).
        if (source !== "preference" && hasStoredPreference()) return;
        void navigate(localizePath(here.pathname, language) + here.search + here.hash, { replace: true });
      });
    // Once the page has hydrated: the answer takes a round trip anyway, and the page is English meanwhile.
    const cancelStart = onIdle(detect);
    return () => {
      cancelled = true;
      cancelStart();
    };
  }, []);

  return null;
}

function hasStoredPreference(): boolean {
  try {
    return isLanguage(localStorage.getItem(preferenceKey));
  } catch {
    return false;
  }
}
