import { useLocation } from "react-router";
import { type Language, languageFromPath, localizePath } from "../../common/languages";

/** The language of the page being shown, read from its URL. */
export function useLanguage(): Language {
  return languageFromPath(useLocation().pathname);
}

/** A function turning a site path such as `/blog` into the current language's URL (`/es/blog`). */
export function useLocalizedPath(): (path: string) => string {
  const language = useLanguage();
  return (path: string) => {
    const [pathname = "/", rest = ""] = path.split(/(?=[?#])/);
    return localizePath(pathname, language) + rest;
  };
}
