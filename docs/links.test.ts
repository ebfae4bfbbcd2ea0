/**
 * The README and the pages under docs/ link to each other, to files of the repository and to headings. Fails
 * when a relative link leads to no file, leaves the repository, or names an #anchor that no heading of the
 * target makes (anchors as GitHub makes them). Links to other sites are not followed.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, extname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

function markdownFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return extname(entry.name) === ".md" ? [path] : [];
  });
}

const pages = ["README.md", ...markdownFiles("docs")];

/** The lines of a Markdown text outside fenced code blocks. */
function proseLines(text: string): string[] {
  let fenced = false;
  return text.split("\n").filter((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return false;
    }
    return !fenced;
  });
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped (not `-` or `_`), spaces as hyphens. */
function headingAnchor(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, "")
    .replace(/ /g, "-");
}

/** Every anchor the headings of a page make; a repeated heading gets -1, -2 … as on GitHub. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(text)) {
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const anchor = headingAnchor(heading);
    const count = seen.get(anchor) ?? 0;
    seen.set(anchor, count + 1);
    anchors.add(count === 0 ? anchor : `${anchor}-${count}`);
  }
  return anchors;
}

/** The targets of inline links and images, outside code. */
function linkTargets(text: string): string[] {
  const prose = proseLines(text)
    .join("\n")
    .replace(/``[^`].*?``|`[^`\n]*`/g, "");
  return [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1] ?? "");
}

function problemsOf(page: string): string[] {
  const text = readFileSync(join(root, page), "utf8");
  return linkTargets(text).flatMap((target) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return []; // https:, mailto: …: another site
    const [path = "", anchor] = target.split("#");
    const file = path === "" ? join(root, page) : resolve(root, dirname(page), decodeURIComponent(path));
    const shown = `${page}: (${target})`;
    if (relative(root, file).startsWith(`..${sep}`)) return [`${shown} leaves the repository`];
    if (!existsSync(file)) return [`${shown} leads to no file`];
    if (anchor === undefined) return [];
    if (statSync(file).isDirectory() || extname(file) !== ".md") return [`${shown} has an anchor in a file that is not Markdown`];
    return anchorsOf(readFileSync(file, "utf8")).has(anchor) ? [] : [`${shown}: no heading makes #${anchor}`];
  });
}

describe("links in the README and docs/", () => {
  it("makes anchors as GitHub does", () => {
    expect(headingAnchor("Several processes on one machine (`WEB_CONCURRENCY`)")).toBe("several-processes-on-one-machine-web_concurrency");
    expect(headingAnchor("The operator's day: the console at `/admin`")).toBe("the-operators-day-the-console-at-admin");
    expect(headingAnchor("Orders, messages and sign-ups")).toBe("orders-messages-and-sign-ups");
    expect([...anchorsOf("# A\n\n```sh\n# not a heading\n```\n\n## A\n")]).toEqual(["a", "a-1"]);
  });

  it("finds the pages and their links", () => {
    expect(pages).toContain("docs/operating.md");
    expect(linkTargets("[a](b.md#c) `[d](e.md)` ![f](g.webp)")).toEqual(["b.md#c", "g.webp"]);
  });

  for (const page of pages) {
    it(`${page}: every relative link and anchor resolves`, () => {
      expect(problemsOf(page)).toEqual([]);
    });
  }
});
