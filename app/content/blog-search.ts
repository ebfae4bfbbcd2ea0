import MiniSearch from "minisearch";

export interface SearchableArticle {
  slug: string;
  title: string;
  description: string;
  keywords: string[];
  /** The article's text without Markdown. */
  body: string;
}

/** Lower case, without accents: "Guía" and "guia", "Télé" and "tele" are the same word. */
export function foldText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

/**
 * A full-text index of one language's articles. Matches title, description, keywords and body,
 * ignoring case and accents; words typed so far match as prefixes; longer words forgive a typo.
 * Articles whose title matches come first, then by relevance.
 */
export function createBlogSearch(articles: SearchableArticle[]) {
  const index = new MiniSearch<SearchableArticle & { keywordText: string }>({
    idField: "slug",
    fields: ["title", "description", "keywordText", "body"],
    processTerm: (term) => foldText(term),
    searchOptions: {
      boost: { title: 4, keywordText: 2.5, description: 1.5, body: 1 },
      prefix: true,
      fuzzy: (term) => (term.length > 5 ? 0.2 : false),
      combineWith: "AND",
    },
  });
  index.addAll(articles.map((article) => ({ ...article, keywordText: article.keywords.join(" ") })));

  return function search(query: string): string[] {
    const trimmed = query.trim();
    if (trimmed === "") return articles.map((article) => article.slug);
    return index
      .search(trimmed)
      .map((result) => ({
        slug: String(result.id),
        inTitle: Object.values(result.match).some((fields) => fields.includes("title")),
        score: result.score,
      }))
      .sort((a, b) => Number(b.inTitle) - Number(a.inTitle) || b.score - a.score)
      .map((result) => result.slug);
  };
}
