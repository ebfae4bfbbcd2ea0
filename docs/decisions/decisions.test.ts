/**
 * The repository stands alone: what it decided is in docs/decisions/, and nothing in it cites a document
 * kept elsewhere. Fails when a file names the design document or the shared folder that live outside the
 * repository, or cites a numbered section of anything but an RFC; when a file cites a decision record that does
 * not exist; and when a record lacks its Status line, one of its four sections or its line in the index, or is
 * superseded by a record that does not exist or does not name it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { linesWhere, repositoryFiles, repositoryRoot as root } from "../../tests/support/repository-files.ts";

const recordsFolder = "docs/decisions";
const recordName = /^(\d{4})-[a-z0-9-]+\.md$/;
const sections = ["Context", "Decision", "Consequences", "Figures"];
/** A record's third line: accepted, or superseded by a newer record (the one that states the rules as they are now). */
const statusLine = /^Status: (?:accepted|superseded by \[(\d{4})\]\((\d{4}-[a-z0-9-]+\.md)\), \d{4}-\d{2}-\d{2};)/;

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
      expect(
        linesWhere(files, (line) => pattern.test(line)),
        `cite the record in ${recordsFolder}/ instead, or give the reason itself`,
      ).toEqual([]);
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

    it(`${name} says whether it stands or which record supersedes it`, () => {
      const text = readFileSync(join(root, recordsFolder, name), "utf8");
      const status = statusLine.exec(text.split("\n")[2] ?? "");
      expect(status, "the third line: Status: accepted, … or Status: superseded by [NNNN](NNNN-….md), YYYY-MM-DD; …").not.toBeNull();
      const [, number, successor] = status ?? [];
      if (successor === undefined) return;
      expect(successor.startsWith(`${number}-`), "the link names its own record").toBe(true);
      expect(records, "the record that supersedes it exists").toContain(successor);
      expect(readFileSync(join(root, recordsFolder, successor), "utf8"), `${successor} names the record it supersedes`).toContain(
        `(${name})`,
      );
      const row = index.split("\n").find((line) => line.startsWith(`| [${name.slice(0, 4)}](${name})`));
      expect(row, "its line in the index says so").toContain(`| Superseded by [${number}](${successor}).`);
    });
  }
});
