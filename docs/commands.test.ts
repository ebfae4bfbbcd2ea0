/**
 * What the documentation tells the reader to run works on a fresh machine: an npm script, which runs on the
 * project's own Node 24, never a file of the repository given to whatever `node`, `npx` or `tsx` the machine has
 * (a machine with Node 20 fails on the first import of a .ts file). Fails when a page says to run
 * `node scripts/…`, `node tests/…`, `npx …` or `tsx …`; when a page or a comment names an `npm run` script that
 * package.json does not have; or when a page cites a test file that does not exist.
 *
 * The production server's own command (`node … server/index.ts`) stays in docs/deploying.md: a service manager
 * must run it directly, since npm would not pass SIGTERM on to it.
 */
import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import { isDocumentation, linesWhere, repositoryFiles, repositoryPaths, repositoryRoot } from "../tests/support/repository-files.ts";

const scripts = Object.keys(JSON.parse(readFileSync(join(repositoryRoot, "package.json"), "utf8")).scripts as Record<string, string>);
const pages = repositoryFiles(isDocumentation);

/** A command that runs a file of the repository, or a package, on whatever the machine has. */
const runsOutsideNpm = /\bnode\s+(?:--?\S+\s+)*(?:\.\/)?(?:scripts|tests)\/|\bnpx\s|(?<![\w./*-])tsx\s|\bts-node\b/;

/**
 * The scripts a line runs with `npm run <name>`: where a command starts (a code span, a quoted string, the line
 * itself, after `&&`), after any `NAME=value`, so that prose (the README's "Node.js and npm run the site") is not read as one.
 */
function npmRunScripts(line: string): string[] {
  return [...line.matchAll(/(?:^|[`"'(]|&&)\s*(?:[A-Z_]+=\S*\s+)*npm run ([a-z][\w:-]*)/g)].map((match) => match[1] ?? "");
}

/** The test files a text cites in backticks (`app/x.test.ts`, `x.spec.ts`), globs and placeholders left out. */
function citedTestFiles(text: string): string[] {
  return [...text.matchAll(/`([^`\s*<>]+\.(?:test|spec)\.tsx?)`/g)].map((match) => match[1] ?? "");
}

describe("commands in the documentation", () => {
  it("recognises what it looks for", () => {
    for (const bad of ["node scripts/bench.ts", "node --expose-gc scripts/x.ts", "npx vitest run a", "tsx x.ts", "node tests/a/run.ts"]) {
      expect(runsOutsideNpm.test(bad), bad).toBe(true);
    }
    for (const fine of ["npm run bench -- --only /", "a `.tsx` file", "app/**/*.tsx files", "node:sqlite", "node server/index.ts"]) {
      expect(runsOutsideNpm.test(fine), fine).toBe(false);
    }
    const line = "`npm run bench:scale -- --skip-seed`, `A=1 npm run typecheck && npm run lint`; npm run the site";
    expect(npmRunScripts(line)).toEqual(["bench:scale", "typecheck", "lint"]);
    expect(citedTestFiles("`app/a.test.ts`, `b.spec.ts`, `*.test.ts`, `<file>.test.ts`")).toEqual(["app/a.test.ts", "b.spec.ts"]);
  });

  it("never tell the reader to run a file with node, npx or tsx: give the npm script", () => {
    expect(pages.length).toBeGreaterThan(10);
    expect(linesWhere(pages, (line) => runsOutsideNpm.test(line))).toEqual([]);
  });

  it("name only npm scripts that exist, in the pages and in the code's comments", () => {
    const files = repositoryFiles((path) => path !== "package-lock.json" && !path.startsWith("content/blog/"));
    const unknown = linesWhere(files, (line) => npmRunScripts(line).some((script) => !scripts.includes(script)));
    expect(unknown).toEqual([]);
  });

  it("cite test files that exist", () => {
    const paths = repositoryPaths();
    const names = new Set(paths.map((path) => basename(path)));
    // A path is from the repository's root; a bare name is a file of that name somewhere (the page says where).
    const exists = (cited: string) => (cited.includes("/") ? paths.includes(cited) : names.has(cited));
    const missing = pages.flatMap(({ path, text }) =>
      citedTestFiles(text).flatMap((cited) => (exists(cited) ? [] : [`${path}: ${cited}`])),
    );
    expect(missing).toEqual([]);
  });
});
