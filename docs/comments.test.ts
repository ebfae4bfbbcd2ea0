/**
 * A comment says why, in words: the issue tracker is not part of the repository, so "issue N" or "#N" in a
 * comment sends the reader where they cannot follow. Fails when a comment of a tracked source file cites an
 * issue, a ticket or a pull request by its number; the reason belongs in the comment, or in a decision record
 * (docs/decisions/) cited by its path.
 */
import { describe, expect, it } from "vitest";
import { type RepositoryFile, repositoryFiles } from "../tests/support/repository-files.ts";

const sourceFile = /\.(ts|tsx|js|mjs|cjs|css|sh)$/;

/** The comment on each line of a source file ("" where there is none), by the line's own marks. */
function commentsOf({ path, text }: RepositoryFile): string[] {
  return text.split("\n").map((line) => {
    const trimmed = line.trimStart();
    if (path.endsWith(".sh")) return trimmed.startsWith("#") && !trimmed.startsWith("#!") ? trimmed : "";
    if (/^(\/\/|\/\*|\*)/.test(trimmed)) return trimmed;
    // A comment after code: `//` after a space, so that `https://` is not one.
    return /\s(\/\/\s.*)$/.exec(line)?.[1] ?? "";
  });
}

/** "issue N", "Issues #N", "PR N", "ticket N", or GitHub's bare "#N", N a number (an HTML entity's `&#39;` is not one). */
const trackerReference = /\b(?:issues?|tickets?|pull requests?|PRs?)\s*#?\d+\b|(?<![&\w/])#\d+\b/i;

/** `path:line: comment` for each comment that cites the tracker. */
function trackerCitations(files: RepositoryFile[]): string[] {
  return files.flatMap((file) =>
    commentsOf(file).flatMap((comment, index) =>
      trackerReference.test(comment) ? [`${file.path}:${index + 1}: ${comment.slice(0, 160)}`] : [],
    ),
  );
}

describe("comments", () => {
  it("are found, and a tracker's number in them", () => {
    const file = {
      path: "a.ts",
      text: [
        "/**",
        " * The books (issue 23): a month.",
        " */",
        `const url = "https://example.com/#12"; // Issue #${7}`,
        'const text = "Mail #3";',
        "// Why, in words.",
        "const quote = '&#39;'; // an apostrophe",
      ].join("\n"),
    };
    expect(trackerCitations([file])).toEqual(["a.ts:2: * The books (issue 23): a month.", `a.ts:4: // Issue #${7}`]);
    const shell = { path: "b.sh", text: `#!/usr/bin/env bash\n# The floor (see #${25}).\necho '#3'` };
    expect(trackerCitations([shell])).toEqual([`b.sh:2: # The floor (see #${25}).`]);
  });

  it("never cite an issue, a ticket or a pull request by its number: say why in words", () => {
    const files = repositoryFiles((path) => sourceFile.test(path));
    expect(files.length).toBeGreaterThan(100);
    expect(trackerCitations(files)).toEqual([]);
  });
});
