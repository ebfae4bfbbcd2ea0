import type { MetaDescriptor } from "react-router";
import { site } from "../content/site";
import { defaultLanguage, type Language, languageFromPath, languages, localizePath } from "./i18n/languages";
import { i18nFor } from "./i18n/registry";

export type PageKey = "home" | "about" | "blog" | "checkout" | "contact" | "terms" | "privacy" | "notFound";

const ogLocales: Record<Language, string> = { en: "en_GB", es: "es_ES", fr: "fr_FR" };

export function absoluteUrl(path: string): string {
  return new URL(path, site.brand.origin).href;
}

/**
 * The head of a page: title and description in its language, the canonical URL, the `hreflang`
 * alternates of every language (and `x-default`, the English page) and the social-card basics.
 */
export function pageMeta(pathname: string, page: PageKey, texts: { title?: string; description?: string } = {}): MetaDescriptor[] {
  const language = languageFromPath(pathname);
  const { t } = i18nFor(language);
  const title = texts.title ?? t(`meta.${page}.title`);
  const description = texts.description ?? t(`meta.${page}.description`);

  const head: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { property: "og:site_name", content: site.brand.name },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:locale", content: ogLocales[language] },
    { name: "twitter:card", content: "summary_large_image" },
  ];
  if (page === "notFound") return [...head, { name: "robots", content: "noindex" }];

  const canonical = absoluteUrl(pathname);
  return [
    ...head,
    { property: "og:type", content: "website" },
    { property: "og:url", content: canonical },
    { tagName: "link", rel: "canonical", href: canonical },
    ...languages.map((alternate) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: alternate,
      href: absoluteUrl(localizePath(pathname, alternate)),
    })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: absoluteUrl(localizePath(pathname, defaultLanguage)) },
  ];
}
