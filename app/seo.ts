import type { MetaDescriptor } from "react-router";
import { site } from "../content/site";
import { defaultLanguage, type Language, languageFromPath, languages, localizePath } from "./i18n/languages";
import { i18nFor } from "./i18n/registry";

export type PageKey = "home" | "about" | "blog" | "checkout" | "contact" | "terms" | "privacy" | "newsletter" | "notFound";

const ogLocales: Record<Language, string> = { en: "en_GB", es: "es_ES", fr: "fr_FR" };

export function absoluteUrl(path: string): string {
  return new URL(path, site.brand.origin).href;
}

export interface ArticleFacts {
  publishedTime: string;
  modifiedTime?: string;
  author?: string;
  section: string;
  tags: string[];
}

interface PageTexts {
  title?: string;
  description?: string;
  /** A 1200x630 image for social cards, as a site path. */
  image?: { path: string; alt: string; width: number; height: number };
  article?: ArticleFacts;
  /** Structured data (schema.org JSON-LD objects) for this page. */
  structuredData?: object[];
}

/** Open Graph article facts; each only when the value exists (spec §5). */
function articleMeta(article: ArticleFacts): MetaDescriptor[] {
  const facts: [string, string | undefined][] = [
    ["article:published_time", article.publishedTime],
    ["article:modified_time", article.modifiedTime],
    ["article:author", article.author],
    ["article:section", article.section],
    ...article.tags.map((tag): [string, string] => ["article:tag", tag]),
  ];
  return facts.filter(([, content]) => content).map(([property, content]) => ({ property, content }));
}

/**
 * The head of a page: title and description in its language, the canonical URL, the `hreflang`
 * alternates of every language (and `x-default`, the English page) and the social-card basics.
 */
export function pageMeta(pathname: string, page: PageKey, texts: PageTexts = {}): MetaDescriptor[] {
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
  const image = texts.image
    ? [
        { property: "og:image", content: absoluteUrl(texts.image.path) },
        { property: "og:image:width", content: String(texts.image.width) },
        { property: "og:image:height", content: String(texts.image.height) },
        { property: "og:image:alt", content: texts.image.alt },
      ]
    : [];
  return [
    ...head,
    { property: "og:type", content: texts.article ? "article" : "website" },
    { property: "og:url", content: canonical },
    ...image,
    ...(texts.article ? articleMeta(texts.article) : []),
    { tagName: "link", rel: "canonical", href: canonical },
    ...languages.map((alternate) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: alternate,
      href: absoluteUrl(localizePath(pathname, alternate)),
    })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: absoluteUrl(localizePath(pathname, defaultLanguage)) },
    ...(texts.structuredData ?? []).map((data) => ({ "script:ld+json": data })),
  ];
}
