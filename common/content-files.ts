import { type Language, languages } from "./languages.ts";

/**
 * The content files of every language, from what Vite's `import.meta.glob` found: `path(language)` names the
 * file a language needs, as the glob's keys are written (`../../content/mail/es.json`). A language of the
 * list without its file stops the build or the start, naming the file; files of languages not in the list
 * are left alone.
 */
export function perLanguage<T>(files: Record<string, T>, path: (language: Language) => string): Record<Language, T> {
  const found = {} as Record<Language, T>;
  for (const language of languages) {
    const file = files[path(language)];
    if (file === undefined) {
      const name = path(language).replace(/^(\.\.\/)+/, "");
      throw new Error(`${name} is missing: every language in common/languages.ts needs one (docs/architecture.md, "Adding a language").`);
    }
    found[language] = file;
  }
  return found;
}
