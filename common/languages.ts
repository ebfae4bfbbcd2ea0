/** The site's languages and how a URL carries one. Pure: safe on the server and in the browser. */
export const languages = ["en", "es", "fr"] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = "en";

/** The key under which the visitor's explicit choice is kept (localStorage and a cookie of the same name). */
export const preferenceKey = "user-language-preference";
/** The sessionStorage key caching the automatic detection for the session. */
export const detectionKey = "user-language-detected";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}

/** The language a pathname is written in: `/es/...` is Spanish, `/fr/...` French, anything else English. */
export function languageFromPath(pathname: string): Language {
  const first = pathname.split("/")[1];
  return isLanguage(first) && first !== defaultLanguage ? first : defaultLanguage;
}

/** The pathname without its language prefix: `/es/blog` gives `/blog`, `/fr` gives `/`. */
export function pathWithoutLanguage(pathname: string): string {
  const language = languageFromPath(pathname);
  if (language === defaultLanguage) return pathname || "/";
  const rest = pathname.slice(language.length + 1);
  return rest === "" ? "/" : rest;
}

/** The same page in another language: `localizePath("/blog", "fr")` gives `/fr/blog`. */
export function localizePath(pathname: string, language: Language): string {
  const bare = pathWithoutLanguage(pathname);
  if (language === defaultLanguage) return bare;
  return bare === "/" ? `/${language}` : `/${language}${bare}`;
}

/** The first of en, es or fr in a browser language tag such as `es-MX`, else English. */
export function languageFromBrowserTag(tag: string | undefined | null): Language {
  const prefix = (tag ?? "").toLowerCase().split("-")[0];
  return isLanguage(prefix) ? prefix : defaultLanguage;
}

/** The BCP 47 tag used for number and date formatting. */
export const localeTags: Record<Language, string> = { en: "en", es: "es", fr: "fr" };

/**
 * The page path a request is for. Data requests made during client navigation ask for `/es/about.data`
 * (or `/_root.data` for the home page): the suffix is not part of the page's path.
 */
export function requestPathname(request: Request): string {
  const { pathname } = new URL(request.url);
  const page = pathname.replace(/\.data$/, "").replace(/\/_root$/, "/");
  return page === "" ? "/" : page;
}
