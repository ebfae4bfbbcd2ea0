/**
 * The repository's own files, for the tests that hold the documentation and the comments to the code: what
 * git tracks, and new files it does not ignore, so that such a test also holds before a commit.
 */
import { execFileSync } from "node:child_process";
import { lstatSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

export interface RepositoryFile {
  path: string;
  text: string;
}

/** The paths of the files git tracks or would track, relative to the root, files only. */
export function repositoryPaths(): string[] {
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: repositoryRoot,
    encoding: "utf8",
  });
  return [...new Set(listed.split("\0").filter(Boolean))].filter((path) => {
    try {
      // A file deleted but not yet staged is listed and gone; node_modules is a symlink to a folder.
      return lstatSync(join(repositoryRoot, path)).isFile();
    } catch {
      return false;
    }
  });
}

/** The text files among them, with their text; `include` picks by path. */
export function repositoryFiles(include: (path: string) => boolean = () => true): RepositoryFile[] {
  return repositoryPaths()
    .filter(include)
    .flatMap((path) => {
      const bytes = readFileSync(join(repositoryRoot, path));
      // An image says nothing, and its bytes read as text could match by chance: files with a NUL byte are left out.
      return bytes.includes(0) ? [] : [{ path, text: bytes.toString("utf8") }];
    });
}

/** The documentation: the README and every Markdown page beside the code, but not the operator's content. */
export const isDocumentation = (path: string) => path.endsWith(".md") && !path.startsWith("content/");

/** `path:line: the line` for every line of these files that `matches`. */
export function linesWhere(files: RepositoryFile[], matches: (line: string) => boolean): string[] {
  return files.flatMap(({ path, text }) =>
    text.split("\n").flatMap((line, index) => (matches(line) ? [`${path}:${index + 1}: ${line.trim().slice(0, 160)}`] : [])),
  );
}
