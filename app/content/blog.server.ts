import { z } from "zod";
import { claimVariables } from "../../common/claims.ts";
import { type Language, languages, localizePath } from "../../common/languages";
import { type ImageName, images } from "../images";
import { type BlogCategory, blogCategories } from "./blog-categories";
import type { BlogListQuery } from "./blog-pages";
import { createBlogSearch } from "./blog-search";
import { formatDate } from "./dates";
import { fillPlaceholders, markdownToHtml, readFrontMatter } from "./markdown.server";

export { type BlogCategory, blogCategories };

export interface Article {
  slug: string;
  language: Language;
  title: string;
  description: string;
  image: ImageName;
  imageAlt: string;
  publishDate: string;
  modifiedDate?: string;
  /** The dates as a reader reads them, written on the server: building a date formatter in the browser cost a phone 40 ms while the page hydrated. */
  publishDateText: string;
  modifiedDateText?: string;
  author?: string;
  keywords: string[];
  category: BlogCategory;
  html: string;
  readingMinutes: number;
}

/** What a list needs of an article: everything but its body. */
export type ArticleSummary = Omit<Article, "html">;

const isoDate = z
  .union([z.string(), z.date()])
  .transform((value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value))
  .pipe(z.iso.date());

const frontMatter = z.object({
  title: z.string().trim().min(1).max(110),
  description: z.string().trim().min(1).max(200),
  image: z.string().refine((name): name is ImageName => name in images, "is not an image listed in app/images.ts"),
  imageAlt: z.string().trim().min(1),
  publishDate: isoDate,
  modifiedDate: isoDate.optional(),
  author: z.string().trim().min(1).optional(),
  // Operators write keywords either as a YAML list or as one comma-separated text.
  keywords: z
    .union([z.array(z.string()), z.string()])
    .transform((value) => (Array.isArray(value) ? value : value.split(",")).map((keyword) => keyword.trim()).filter(Boolean))
    .pipe(z.array(z.string()).min(1)),
  category: z.enum(blogCategories),
});

const wordsPerMinute = 220;

/** Internal links in articles are written unprefixed (`/blog/x`, `/#plans`); each language gets its own. */
function localizeLinks(html: string, language: Language): string {
  return html.replace(/href="(\/[^"]*)"/g, (_, href: string) => {
    const [path = "/", rest = ""] = href.split(/(?=[?#])/);
    return `href="${localizePath(path, language)}${rest}"`;
  });
}

/** Parses and checks one article file; a problem names the file and the field. */
export function parseArticle(source: string, file: string, slug: string, language: Language): Article {
  const { data, body } = readFrontMatter(source, file, frontMatter);
  const values = claimVariables(language);
  const fill = (text: string) => fillPlaceholders(text, values, file);
  const markdown = fill(body);
  const { modifiedDate, author, ...fields } = data;
  return {
    ...fields,
    ...(modifiedDate ? { modifiedDate, modifiedDateText: formatDate(modifiedDate, language) } : {}),
    publishDateText: formatDate(fields.publishDate, language),
    ...(author ? { author } : {}),
    slug,
    language,
    title: fill(fields.title),
    description: fill(fields.description),
    imageAlt: fill(fields.imageAlt),
    html: localizeLinks(markdownToHtml(markdown), language),
    readingMinutes: Math.max(1, Math.round(markdown.split(/\s+/).filter(Boolean).length / wordsPerMinute)),
  };
}

// `@blog-content` is content/blog/ unless BLOG_CONTENT_DIR names another folder (scripts/bundle/blog-content.ts).
const globbed = import.meta.glob<string>("@blog-content/*/*.md", { query: "?raw", import: "default", eager: true });

/** The files by "<slug>/<language>.md": the glob's keys depend on where the folder is. */
const sources = new Map(Object.entries(globbed).map(([key, source]) => [key.split("/").slice(-2).join("/"), source]));

/** Every article of every language, newest first; an article must exist in every language. */
function loadArticles(): Record<Language, Article[]> {
  const slugs = [...new Set([...sources.keys()].map((key) => key.split("/")[0] ?? ""))];
  const byLanguage = Object.fromEntries(languages.map((language) => [language, []])) as unknown as Record<Language, Article[]>;
  for (const slug of slugs) {
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) throw new Error(`content/blog/${slug}: a slug is lower-case words joined by hyphens.`);
    const versions = languages.map((language) => {
      const file = `content/blog/${slug}/${language}.md`;
      const source = sources.get(`${slug}/${language}.md`);
      if (source === undefined) throw new Error(`${file} is missing: every article needs a file in each language.`);
      return parseArticle(source, file, slug, language);
    });
    const [english] = versions;
    for (const version of versions) {
      if (version.category !== english?.category || version.publishDate !== english.publishDate) {
        throw new Error(`content/blog/${slug}/${version.language}.md: "category" and "publishDate" must be the same as in en.md.`);
      }
      byLanguage[version.language].push(version);
    }
  }
  for (const language of languages) {
    byLanguage[language].sort((a, b) => b.publishDate.localeCompare(a.publishDate) || a.slug.localeCompare(b.slug));
  }
  return byLanguage;
}

/** Loaded and checked once, when the server starts. */
const articles = loadArticles();
const searches = Object.fromEntries(
  languages.map((language) => [
    language,
    createBlogSearch(articles[language].map((article) => ({ ...article, body: article.html.replace(/<[^>]+>/g, " ") }))),
  ]),
) as Record<Language, (query: string) => string[]>;

/** Each language's articles by slug: a search answers slugs, and a list page looks a few of them up. */
const bySlug = Object.fromEntries(
  languages.map((language) => [language, new Map(articles[language].map((article) => [article.slug, article]))]),
) as Record<Language, Map<string, Article>>;

export function summarize({ html: _html, ...summary }: Article): ArticleSummary {
  return summary;
}

export function allArticles(language: Language): Article[] {
  return articles[language];
}

export function findArticle(language: Language, slug: string): Article | undefined {
  return bySlug[language].get(slug);
}

export const articlesPerPage = 9;

export type BlogQuery = BlogListQuery;

/** Reads `?search=&category=&page=` leniently: an unknown category is "all", a bad page is the first. */
export function readBlogQuery(params: URLSearchParams): BlogQuery {
  const category = params.get("category");
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    search: (params.get("search") ?? "").slice(0, 100),
    category: blogCategories.includes(category as BlogCategory) ? (category as BlogCategory) : "all",
    page: Number.isFinite(page) && page >= 1 ? page : 1,
  };
}

/** One page of the blog list for a query, newest first unless searching (then by relevance). */
export function listArticles(language: Language, query: BlogQuery) {
  // Without words the list is every article, newest first: no search to run, no slugs to look up.
  const found = query.search.trim()
    ? searches[language](query.search)
        .map((slug) => bySlug[language].get(slug))
        .filter((article): article is Article => article !== undefined)
    : articles[language];
  const matching = query.category === "all" ? found : found.filter((article) => article.category === query.category);
  const pageCount = Math.max(1, Math.ceil(matching.length / articlesPerPage));
  const page = Math.min(query.page, pageCount);
  return {
    articles: matching.slice((page - 1) * articlesPerPage, page * articlesPerPage).map(summarize),
    total: matching.length,
    page,
    pageCount,
  };
}

/** Up to three other articles: the same category first, then the newest. */
export function relatedArticles(article: Article, count = 3): ArticleSummary[] {
  const others = articles[article.language].filter((other) => other.slug !== article.slug);
  const sameCategory = others.filter((other) => other.category === article.category);
  const rest = others.filter((other) => other.category !== article.category);
  return [...sameCategory, ...rest].slice(0, count).map(summarize);
}
