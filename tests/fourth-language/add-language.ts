/**
 * "Adding a language" in docs/architecture.md, step by step, on a copy of the project: copy and translate English's
 * content files (here: mark them), name the language in every locale file, extend the one list.
 */
import { globSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { contentFiles, inLanguage, languageContent } from "../support/language-content.ts";
import type { fourthLanguage } from "./fixture.ts";

type Fixture = typeof fourthLanguage;

/** Every string of a JSON tree, marked. */
function markJson(value: unknown, marker: string): unknown {
  if (typeof value === "string") return `${marker} ${value}`;
  if (Array.isArray(value)) return value.map((item) => markJson(item, marker));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, markJson(item, marker)]));
  return value;
}

/** A Markdown page or article, marked: the texts of its front matter, every heading and paragraph. */
function markMarkdown(source: string, marker: string): string {
  const [, frontMatter = "", body = ""] = source.match(/^---\n([\s\S]*?)\n---\n([\s\S]*)$/) ?? [];
  const front = frontMatter.replace(/^(title|description|imageAlt): ("?)/gm, `$1: $2${marker} `);
  return `---\n${front}\n---\n${body.replace(/^(#{1,6} )?(?=[A-Za-z{])/gm, `$1${marker} `)}`;
}

/** Step 1: each of English's content files, copied for the new language and "translated". */
function copyContent(root: string, fixture: Fixture): void {
  for (const pattern of languageContent) {
    for (const file of contentFiles(root, pattern, "en")) {
      const source = readFileSync(join(root, file), "utf8");
      const copy = join(root, inLanguage(pattern, file, "en", fixture.code));
      const marked = file.endsWith(".json")
        ? `${JSON.stringify(markJson(JSON.parse(source), fixture.marker), null, 2)}\n`
        : markMarkdown(source, fixture.marker);
      mkdirSync(dirname(copy), { recursive: true });
      writeFileSync(copy, marked);
    }
  }
}

/** Step 2: the language's name beside the others', in every locale file of the site and of the console. */
function nameLanguage(root: string, fixture: Fixture): void {
  const files = [
    ...globSync("content/locales/*.json", { cwd: root }).map((file) => [file, "common"] as const),
    ...globSync("content/locales/admin/*/common.json", { cwd: root }).map((file) => [file, undefined] as const),
  ];
  for (const [file, group] of files) {
    const texts = JSON.parse(readFileSync(join(root, file), "utf8"));
    const names = group ? texts[group].languageNames : texts.languageNames;
    names[fixture.code] = fixture.name;
    writeFileSync(join(root, file), `${JSON.stringify(texts, null, 2)}\n`);
  }
}

/** Step 3: its entry at the end of the list in common/languages.ts. */
function extendList(root: string, fixture: Fixture): void {
  const file = join(root, "common/languages.ts");
  const source = readFileSync(file, "utf8");
  const end = "] as const satisfies readonly LanguageFacts[];";
  if (!source.includes(end))
    throw new Error(`common/languages.ts no longer ends its list with "${end}": update this step and docs/architecture.md`);
  writeFileSync(file, source.replace(end, `  ${JSON.stringify(fixture.entry)},\n${end}`));
}

export function addLanguage(root: string, fixture: Fixture): void {
  copyContent(root, fixture);
  nameLanguage(root, fixture);
  extendList(root, fixture);
}
