/**
 * The blog at scale: writes N articles in every language (default 1,000) into a folder laid out as
 * content/blog/ is, for a build with BLOG_CONTENT_DIR pointing at it.
 *
 *   node scripts/bench-scale/blog-corpus.ts <folder> [count]
 *
 * Deterministic: article i is the same on every run. Titles, categories, artwork and sentences come from
 * blog-corpus-text.ts, so the articles read like the real ones and pass the same content checks.
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Language, languages } from "../../common/languages.ts";
import { fixtureAuthors, fixtureHeadings, fixtureTopics } from "./blog-corpus-text.ts";

export interface FixtureArticle {
  slug: string;
  files: Record<Language, string>;
}

/** A small seeded generator (mulberry32): the same index always draws the same article. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const firstDay = Date.UTC(2023, 10, 1);
const spanDays = 3 * 365;

function isoDay(days: number): string {
  return new Date(firstDay + days * 86_400_000).toISOString().slice(0, 10);
}

export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/\{\{brand\}\}/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

const quote = (text: string) => `"${text.replace(/"/g, "'")}"`;

/** Article `index` (0-based) in every language: the same topic, subject, dates and category in each. */
export function fixtureArticle(index: number): FixtureArticle {
  const draw = random(index + 1);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(draw() * list.length)] as T;
  const topic = fixtureTopics[index % fixtureTopics.length] as (typeof fixtureTopics)[number];
  const titleAt = Math.floor(draw() * topic.titles.en.length);
  const subjectAt = Math.floor(draw() * topic.subjects.en.length);
  const published = Math.floor(draw() * spanDays);
  const modified = draw() < 0.4 ? isoDay(Math.min(spanDays, published + 1 + Math.floor(draw() * 90))) : undefined;
  const author = pick(fixtureAuthors);
  const order = fixtureHeadings.en.map(() => [0, 1, 2].map(() => Math.floor(draw() * topic.sentences.en.length)));
  const slug = `${slugify((topic.titles.en[titleAt] ?? "").replace("{subject}", topic.subjects.en[subjectAt] ?? ""))}-${index + 1}`;

  const file = (language: Language): string => {
    const subject = topic.subjects[language][subjectAt] ?? "";
    const title = (topic.titles[language][titleAt] ?? "").replace("{subject}", subject);
    const sentences = topic.sentences[language];
    const sections = fixtureHeadings[language].map(
      (heading, at) => `## ${heading}\n\n${(order[at] ?? []).map((n) => sentences[n]).join(" ")}`,
    );
    return [
      "---",
      `title: ${quote(title.charAt(0).toUpperCase() + title.slice(1))}`,
      `description: ${quote(sentences[0] ?? "")}`,
      `image: ${topic.image}`,
      `imageAlt: ${quote(topic.imageAlt[language])}`,
      `publishDate: ${isoDay(published)}`,
      ...(modified ? [`modifiedDate: ${modified}`] : []),
      `author: ${quote(author)}`,
      `keywords: ${quote([...topic.keywords[language], subject].join(", "))}`,
      `category: ${topic.category}`,
      "---",
      "",
      `${sentences[2]} ${sentences[3]}`,
      "",
      sections.join("\n\n"),
      "",
    ].join("\n");
  };
  return { slug, files: Object.fromEntries(languages.map((language) => [language, file(language)])) as Record<Language, string> };
}

/** Empties `folder` and writes `count` articles into it, each in every language. */
export async function writeBlogFixture(folder: string, count = 1000): Promise<void> {
  await rm(folder, { recursive: true, force: true });
  for (let index = 0; index < count; index++) {
    const { slug, files } = fixtureArticle(index);
    await mkdir(path.join(folder, slug), { recursive: true });
    for (const language of languages) await writeFile(path.join(folder, slug, `${language}.md`), files[language]);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [folder, count] = process.argv.slice(2);
  if (!folder) throw new Error("Usage: node scripts/bench-scale/blog-corpus.ts <folder> [count]");
  await writeBlogFixture(path.resolve(folder), count ? Number(count) : 1000);
  console.log(`blog-corpus: ${count ?? 1000} articles in ${languages.join(", ")} written to ${folder}`);
}
