import { detectionKey, isLanguage, type Language, languageFromBrowserTag, preferenceKey } from "../../common/languages";
import { countryCodeFromGeolocation, languageForCountry } from "./country-language";

export interface DetectionEnvironment {
  preferences: Pick<Storage, "getItem">;
  session: Pick<Storage, "getItem" | "setItem">;
  fetch: typeof fetch;
  endpoint: string;
  timeoutMs: number;
  browserLanguage: string | undefined;
  logError: (message: string, error: unknown) => void;
}

export type DetectionSource = "preference" | "session" | "geolocation" | "browser";

/**
 * The language chain of the spec: the visitor's stored choice, else this session's earlier detection,
 * else the country of their IP address (given up after `timeoutMs`), else the browser's language.
 * A fresh detection is cached for the session; only a choice in the picker is ever stored for longer.
 */
export async function detectLanguage(env: DetectionEnvironment): Promise<{ language: Language; source: DetectionSource }> {
  const preferred = storedPreference(env.preferences);
  if (preferred) return { language: preferred, source: "preference" };

  const cached = readSafely(() => env.session.getItem(detectionKey));
  if (isLanguage(cached)) return { language: cached, source: "session" };

  let detected: { language: Language; source: DetectionSource };
  try {
    const response = await env.fetch(env.endpoint, {
      signal: AbortSignal.timeout(env.timeoutMs),
      headers: { accept: "application/json" },
      credentials: "omit",
    });
    if (!response.ok) throw new Error(`The geolocation service answered ${response.status}.`);
    const country = countryCodeFromGeolocation(await response.json());
    if (!country) throw new Error("The geolocation answer has no country code.");
    detected = { language: languageForCountry(country), source: "geolocation" };
  } catch (error) {
    env.logError("Language detection by IP geolocation failed; using the browser language.", error);
    detected = { language: languageFromBrowserTag(env.browserLanguage), source: "browser" };
  }
  readSafely(() => env.session.setItem(detectionKey, detected.language));
  return detected;
}

/** The language the visitor chose in the picker, as this browser keeps it; null without one. */
export function storedPreference(preferences: Pick<Storage, "getItem">): Language | null {
  const stored = readSafely(() => preferences.getItem(preferenceKey));
  return isLanguage(stored) ? stored : null;
}

/** Storage can be switched off or full; detection then simply goes on without it. */
function readSafely<T>(read: () => T): T | null {
  try {
    return read();
  } catch {
    return null;
  }
}
