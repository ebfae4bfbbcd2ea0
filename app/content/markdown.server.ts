import { Marked } from "marked";
import { parse as parseYaml } from "yaml";
import type { z } from "zod";

/** A heading may end with `{#some-id}` to give it a stable anchor in every language. */
const headingAnchor = /\s*\{#([a-z0-9-]+)\}\s*$/;

const marked = new Marked({
  gfm: true,
  renderer: {
    heading({ tokens, depth, text }) {
      const anchor = headingAnchor.exec(text)?.[1];
      const inner = this.parser.parseInline(tokens).replace(headingAnchor, "");
      return anchor ? `<h${depth} id="${anchor}">${inner}</h${depth}>\n` : `<h${depth}>${inner}</h${depth}>\n`;
    },
  },
});

export function markdownToHtml(markdown: string): string {
  return marked.parse(markdown, { async: false });
}

/** Splits a Markdown file into its YAML front matter and its body. */
export function splitFrontMatter(source: string, file: string): { data: unknown; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new Error(`${file}: the file must start with a front matter block between two "---" lines.`);
  try {
    return { data: parseYaml(match[1] ?? ""), body: match[2] ?? "" };
  } catch (error) {
    throw new Error(`${file}: the front matter is not valid YAML (${(error as Error).message}).`);
  }
}

/** Fills `{{name}}` placeholders (brand, claims) in operator-written text; an unknown name is an error. */
export function fillPlaceholders(text: string, values: Record<string, string>, file: string): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${file}: unknown placeholder {{${name}}}.`);
    return value;
  });
}

/** Splits a Markdown file and checks its front matter against a schema; a problem names the file and the field. */
export function readFrontMatter<Schema extends z.ZodType>(
  source: string,
  file: string,
  schema: Schema,
): { data: z.output<Schema>; body: string } {
  const { data, body } = splitFrontMatter(source, file);
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `"${issue.path.join(".") || "front matter"}" ${issue.message}`);
    throw new Error(`${file}: ${problems.join("; ")}`);
  }
  return { data: parsed.data, body };
}
