/**
 * The README stays a front page: what the product is, how to run it, what the operator can do and where to
 * read on. Fails when it grows past 150 lines (the rest belongs in docs/), or when an npm script has no line
 * in its table of commands, or the table names a script that does not exist.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repositoryRoot } from "../tests/support/repository-files.ts";

const readme = readFileSync(join(repositoryRoot, "README.md"), "utf8");
const scripts = Object.keys(JSON.parse(readFileSync(join(repositoryRoot, "package.json"), "utf8")).scripts as Record<string, string>);

/** The npm scripts the first cell of each row of a Markdown table names: `npm start`, `npm test`, `npm run bench -- …`. */
function commandsInTable(text: string): string[] {
  return text.split("\n").flatMap((line) => {
    const command = /^\| `npm (?:run )?([\w:-]+)/.exec(line)?.[1];
    return command === undefined ? [] : [command];
  });
}

describe("the README", () => {
  it("has at most 150 lines", () => {
    expect(readme.trimEnd().split("\n").length).toBeLessThanOrEqual(150);
  });

  it("reads the commands of a table", () => {
    expect(commandsInTable("| `npm start` | a |\n| `npm run bench:scale -- --only x` | b |\nnpm run dev")).toEqual([
      "start",
      "bench:scale",
    ]);
  });

  it("gives every npm script a line in its table of commands, and only those", () => {
    const listed = commandsInTable(readme);
    expect(scripts.filter((script) => !listed.includes(script))).toEqual([]);
    expect(listed.filter((command) => !scripts.includes(command))).toEqual([]);
  });
});
