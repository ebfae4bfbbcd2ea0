/**
 * The repository stands alone: what it decided is in docs/decisions/, and nothing in it cites a document
 * kept elsewhere. Fails when a file names the design document or the shared folder that live outside the
 * repository, or cites a numbered section of anything but an RFC; when a file cites a decision record that does
 * not exist; and when a record lacks one of its four sections or its line in the index.
 */
import { execFileSync } from "node:child_process";
import { lstatSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const recordsFolder = "docs/decisions";
const recordName = /^(\d{4})-[a-z0-9-]+\.md$/;
const sections = ["Context", "Decision", "Consequences", "Figures"];

/** The text files git tracks, and new ones it does not ignore, so the test also holds before a commit. */
function repositoryFiles(): { path: string; text: string }[] {
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: root, encoding: "utf8" });
  const paths = [...new Set(listed.split("\0").filter(Boolean))].filter((path) => {
    try {
      // A file deleted but not yet staged is listed and gone; node_modules is a symlink to a folder.
      return lstatSync(join(root, path)).isFile();
    } catch {
      return false;
    }
  });
  return paths.flatMap((path) => {
    const bytes = readFileSync(join(root, path));
    // An image cites nothing, and its bytes read as text could match by chance: files with a NUL byte are left out.
    return bytes.includes(0) ? [] : [{ path, text: bytes.toString("utf8") }];
  });
}

/** `path:line: the line` for every line of every file that matches `pattern`. */
function linesMatching(files: { path: string; text: string }[], pattern: RegExp): string[] {
  return files.flatMap(({ path, text }) =>
    text.split("\n").flatMap((line, index) => (pattern.test(line) ? [`${path}:${index + 1}: ${line.trim().slice(0, 160)}`] : [])),
  );
}

/** The records a file cites by path; inside the folder, records also link to each other by file name alone. */
function citedRecords(path: string, text: string): string[] {
  const byPath = [...text.matchAll(/docs\/decisions\/(\d{4}-[a-z0-9-]+\.md)/g)];
  const byName = path.startsWith(`${recordsFolder}/`) ? [...text.matchAll(/\]\((\d{4}-[a-z0-9-]+\.md)\)/g)] : [];
  return [...byPath, ...byName].map((match) => match[1] ?? "");
}

const files = repositoryFiles();
const records = readdirSync(join(root, recordsFolder)).filter((name) => recordName.test(name));

describe("citations", () => {
  // Spelt in pieces, so that this file does not cite what it looks for.
  const outside = {
    "the design document kept outside the repository": new RegExp(["design", "md"].join("\\."), "i"),
    "the shared folder beside the repository": new RegExp(["\\.\\.", "shared"].join("/")),
    "a section (\u00a7) of anything but an RFC": /(?<!RFC \d+ )\u00a7/,
  };

  for (const [what, pattern] of Object.entries(outside)) {
    it(`never cite ${what}`, () => {
      expect(linesMatching(files, pattern), `cite the record in ${recordsFolder}/ instead, or give the reason itself`).toEqual([]);
    });
  }

  it("name decision records that exist", () => {
    const missing = files.flatMap(({ path, text }) =>
      citedRecords(path, text)
        .filter((name) => !records.includes(name))
        .map((name) => `${path} cites ${recordsFolder}/${name}`),
    );
    expect(missing).toEqual([]);
  });
});

describe("decision records", () => {
  const index = readFileSync(join(root, recordsFolder, "README.md"), "utf8");

  it("exist, numbered once each", () => {
    expect(records.length).toBeGreaterThan(0);
    const numbers = records.map((name) => recordName.exec(name)?.[1]);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  for (const name of records) {
    it(`${name} has its title, its four sections and its line in the index`, () => {
      const text = readFileSync(join(root, recordsFolder, name), "utf8");
      const number = recordName.exec(name)?.[1];
      expect(text.split("\n")[0]).toMatch(new RegExp(`^# ${number}\\. \\S`));
      const missing = sections.filter((section) => !new RegExp(`^## ${section}\\s*$`, "m").test(text));
      expect(missing, "sections missing").toEqual([]);
      expect(index).toContain(`(${name})`);
    });
  }
});
