import type { MetaDescriptor } from "react-router";
import { defaultLanguage, languageFacts, languageFromPath, languages, localizePath } from "../common/languages";
import { site } from "../content/site";
import { translatorFor } from "./i18n/registry";
import { socialImagePath, socialImageSize } from "./social-images";
import { absoluteUrl, organization, webSite } from "./structured-data";

export { absoluteUrl };

export type PageKey = "home" | "about" | "blog" | "checkout" | "contact" | "terms" | "privacy" | "newsletter" | "notFound";

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
  /** The social card (1200x630, drawn at build time) under this key: a page name or `blog/<slug>`. */
  socialCard?: string;
  article?: ArticleFacts;
  /** Structured data (schema.org JSON-LD objects) for this page. */
  structuredData?: object[];
}

/** Open Graph article facts, for an article page only, and each only when the value exists. */
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
 * alternates of every language (and `x-default`, the English page), the Open Graph and Twitter cards with
 * the page's own image, and the structured data every page carries (Organization, WebSite) plus its own.
 */
export function pageMeta(pathname: string, page: PageKey, texts: PageTexts = {}): MetaDescriptor[] {
  const language = languageFromPath(pathname);
  const { t } = translatorFor(language);
  const title = texts.title ?? t(`meta.${page}.title`);
  const description = texts.description ?? t(`meta.${page}.description`);

  const image = absoluteUrl(socialImagePath(language, texts.socialCard ?? (page === "notFound" ? "home" : page)));
  const imageAlt = title;
  const head: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { property: "og:site_name", content: site.brand.name },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:locale", content: languageFacts(language).openGraphLocale },
    ...languages
      .filter((other) => other !== language)
      .map((other) => ({ property: "og:locale:alternate", content: languageFacts(other).openGraphLocale })),
    { property: "og:image", content: image },
    { property: "og:image:type", content: "image/jpeg" },
    { property: "og:image:width", content: String(socialImageSize.width) },
    { property: "og:image:height", content: String(socialImageSize.height) },
    { property: "og:image:alt", content: imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
  ];
  const sitewideData = [organization(), webSite(language)];
  if (page === "notFound") {
    return [...head, { name: "robots", content: "noindex" }, ...sitewideData.map((data) => ({ "script:ld+json": data }))];
  }

  const canonical = absoluteUrl(pathname);
  return [
    ...head,
    { property: "og:type", content: texts.article ? "article" : "website" },
    { property: "og:url", content: canonical },
    ...(texts.article ? articleMeta(texts.article) : []),
    { tagName: "link", rel: "canonical", href: canonical },
    ...languages.map((alternate) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: alternate,
      href: absoluteUrl(localizePath(pathname, alternate)),
    })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: absoluteUrl(localizePath(pathname, defaultLanguage)) },
    ...[...sitewideData, ...(texts.structuredData ?? [])].map((data) => ({ "script:ld+json": data })),
  ];
}
