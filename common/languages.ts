/**
 * The site's languages, declared here and nowhere else: the routes, the messages, the mails, the console, the
 * picker's flags, the country table and the tests all derive from this list or are checked against it
 * (docs/architecture.md, "Adding a language"). Pure: safe on the server, in the browser and in plain Node.
 */

/** One shape of a flag, drawn in a 30 by 20 box: an SVG element and its attributes. */
export type FlagShape = readonly ["rect" | "path", Readonly<Record<string, string | number>>];

export interface LanguageFacts {
  /** ISO 639-1 code: the URL prefix (`/es`), the `lang` attribute, the name of the language's content files. */
  readonly code: string;
  /** The BCP 47 tag numbers and dates are formatted with. */
  readonly locale: string;
  /** Open Graph's `og:locale`. */
  readonly openGraphLocale: string;
  /** The writing direction, the `dir` attribute of pages and mails. */
  readonly direction: "ltr" | "rtl";
  /**
   * The countries (ISO 3166-1 alpha-2) whose visitors are offered this language first. Visitors from a
   * country no language lists get the default language.
   */
  readonly countries: string;
  /** The picker's flag. */
  readonly flag: readonly FlagShape[];
}

export const languageList = [
  {
    code: "en",
    locale: "en",
    openGraphLocale: "en_GB",
    direction: "ltr",
    countries: "",
    flag: [
      ["rect", { width: 30, height: 20, fill: "#012169" }],
      ["path", { d: "M0 0 30 20M30 0 0 20", stroke: "#fff", strokeWidth: 4 }],
      ["path", { d: "M0 0 30 20M30 0 0 20", stroke: "#C8102E", strokeWidth: 1.6 }],
      ["path", { d: "M15 0v20M0 10h30", stroke: "#fff", strokeWidth: 6 }],
      ["path", { d: "M15 0v20M0 10h30", stroke: "#C8102E", strokeWidth: 3.4 }],
    ],
  },
  {
    code: "es",
    locale: "es",
    openGraphLocale: "es_ES",
    direction: "ltr",
    // Spain, the Spanish-speaking countries of the Americas, and Equatorial Guinea.
    countries: "ES MX GT HN SV NI CR PA CU DO PR CO VE EC PE BO CL AR PY UY GQ",
    flag: [
      ["rect", { width: 30, height: 20, fill: "#AA151B" }],
      ["rect", { y: 5, width: 30, height: 10, fill: "#F1BF00" }],
    ],
  },
  {
    code: "fr",
    locale: "fr",
    openGraphLocale: "fr_FR",
    direction: "ltr",
    // France and its overseas departments and territories, the other French-speaking countries of Europe and
    // North America, of Africa and the Indian Ocean, of the Caribbean and the Pacific.
    countries:
      "FR BE CH CA MC LU GP MQ GF RE YT PM BL MF WF PF NC TF SN CI ML BF NE TG BJ GN CM GA CG CD CF TD DJ KM MG BI RW SC MU MA DZ TN MR HT VU",
    flag: [
      ["rect", { width: 30, height: 20, fill: "#fff" }],
      ["rect", { width: 10, height: 20, fill: "#002654" }],
      ["rect", { x: 20, width: 10, height: 20, fill: "#CE1126" }],
    ],
  },
] as const satisfies readonly LanguageFacts[];

export type Language = (typeof languageList)[number]["code"];
export const languages: readonly Language[] = languageList.map((facts) => facts.code);
/** Unprefixed in URLs, and what a visitor gets when nothing points to another language. */
export const defaultLanguage: Language = "en";

/** The facts of one language. */
export function languageFacts(language: Language): LanguageFacts {
  return languageList.find((facts) => facts.code === language) ?? languageList[0];
}

/** The key under which the visitor's explicit choice is kept (localStorage and a cookie of the same name). */
export const preferenceKey = "user-language-preference";
/** The sessionStorage key caching the automatic detection for the session. */
export const detectionKey = "user-language-detected";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}

/** A language as stored with a request (a sign-in, a free trial): one this code never wrote reads as the default. */
export function storedLanguage(value: string): Language {
  return isLanguage(value) ? value : defaultLanguage;
}

/** The language a pathname is written in: `/es/...` is Spanish, `/fr/...` French, anything else the default. */
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

/** The site language a browser language tag such as `es-MX` names, else the default. */
export function languageFromBrowserTag(tag: string | undefined | null): Language {
  const prefix = (tag ?? "").toLowerCase().split("-")[0];
  return isLanguage(prefix) ? prefix : defaultLanguage;
}

/** The BCP 47 tag used for number and date formatting. */
export const localeTags = Object.fromEntries(languageList.map((facts) => [facts.code, facts.locale])) as Record<Language, string>;

/**
 * The page path a request is for. Data requests made during client navigation ask for `/es/about.data`
 * (or `/_root.data` for the home page): the suffix is not part of the page's path.
 */
export function requestPathname(request: Request): string {
  const { pathname } = new URL(request.url);
  const page = pathname.replace(/\.data$/, "").replace(/\/_root$/, "/");
  return page === "" ? "/" : page;
}
