/**
 * docs/architecture.md's map of the code names every folder of app/ and server/ that holds code, and names no
 * file or folder that is gone: a folder added or moved without its line in the map fails here.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { repositoryPaths, repositoryRoot } from "../tests/support/repository-files.ts";

const sourceFile = /\.(ts|tsx|js|mjs|cjs|css)$/;

/** The text of the page's "Map of the code" section, up to the next section. */
function mapSection(page: string): string {
  const start = page.indexOf("\n## Map of the code\n");
  if (start < 0) return "";
  const end = page.indexOf("\n## ", start + 1);
  return page.slice(start, end < 0 ? undefined : end);
}

/** Every folder under `roots` that holds a source file, directly or below, as `app/admin/` (with its slash). */
function codeFolders(paths: string[], roots: string[]): string[] {
  const folders = new Set<string>();
  for (const path of paths.filter((path) => sourceFile.test(path))) {
    for (let folder = dirname(path); folder.includes("/") || roots.includes(folder); folder = dirname(folder)) {
      if (roots.some((root) => folder === root || folder.startsWith(`${root}/`))) folders.add(`${folder}/`);
      if (roots.includes(folder)) break;
    }
  }
  return [...folders].sort();
}

/**
 * The paths from the repository's root that the map names in code spans (`app/admin/`, `app/cache-control.ts`),
 * not globs, placeholders, nor a path given from the line's own folder (`routes/home.tsx`).
 */
function namedPaths(section: string, roots: string[]): string[] {
  return [...section.matchAll(/`([^`\s]+)`/g)]
    .map((match) => match[1] ?? "")
    .filter((span) => roots.includes(span.split("/")[0] ?? "") && span.includes("/") && !/[*<{]/.test(span));
}

const paths = repositoryPaths();
const topFolders = [...new Set(paths.filter((path) => path.includes("/")).map((path) => path.split("/")[0] ?? ""))];
const section = mapSection(readFileSync(join(repositoryRoot, "docs/architecture.md"), "utf8"));
const named = new Set(namedPaths(section, topFolders));

describe("the map of the code in docs/architecture.md", () => {
  it("is found, and its helpers read what they should", () => {
    expect(section).toContain("| path | what belongs there |");
    expect(codeFolders(["app/a/b/c.ts", "app/d.ts", "server/x/y.png", "scripts/z.ts"], ["app", "server"])).toEqual([
      "app/",
      "app/a/",
      "app/a/b/",
    ]);
    const line = "| `app/admin/`, `server/db/` | `app/**/*.server.ts`, `content/locales/<language>.json`, `routes/home.tsx`, `npm test` |";
    expect(namedPaths(line, ["app", "server", "content"])).toEqual(["app/admin/", "server/db/"]);
  });

  it("names every folder of app/ and server/ that holds code", () => {
    const folders = codeFolders(paths, ["app", "server"]).filter((folder) => folder !== "app/" && folder !== "server/");
    expect(folders.length).toBeGreaterThan(10);
    expect(
      folders.filter((folder) => !named.has(folder)),
      "add a line, or the folder in backticks to the line it belongs to",
    ).toEqual([]);
  });

  it("names only files and folders that exist", () => {
    expect([...named].filter((path) => !existsSync(join(repositoryRoot, path)))).toEqual([]);
  });
});
