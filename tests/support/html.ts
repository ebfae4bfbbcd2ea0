/** Reading server-rendered HTML as a crawler does: the document's language, title, head links and headings. */

/** The attributes of a tag's source (`a="1" b="2"`), names lower-cased. */
function attributes(source: string): Record<string, string> {
  return Object.fromEntries([...source.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, name = "", value = ""]) => [name.toLowerCase(), value]));
}

export function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

export interface HtmlDocument {
  lang: string | undefined;
  title: string | undefined;
  /** Every `<link>` of the head, as attribute maps. */
  links: Record<string, string>[];
  /** Every `<meta>` of the head, as attribute maps. */
  metas: Record<string, string>[];
  /** The text of every `<h1>` of the body. */
  h1s: string[];
  /** Every JSON-LD block of the document, parsed. */
  structuredData: Record<string, unknown>[];
}

export function readHtml(html: string): HtmlDocument {
  const end = html.indexOf("</head>");
  const head = end >= 0 ? html.slice(0, end) : html;
  const body = end >= 0 ? html.slice(end) : "";
  const title = head.match(/<title>([^<]*)<\/title>/)?.[1];
  return {
    lang: attributes(html.match(/<html\b([^>]*)>/i)?.[1] ?? "").lang,
    title: title === undefined ? undefined : decodeEntities(title),
    links: [...head.matchAll(/<link\b([^>]*)>/gi)].map(([, source = ""]) => attributes(source)),
    metas: [...head.matchAll(/<meta\b([^>]*)>/gi)].map(([, source = ""]) => attributes(source)),
    structuredData: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/gi)].map(
      ([, json = ""]) => JSON.parse(json) as Record<string, unknown>,
    ),
    h1s: [...body.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/gi)].map(([, inner = ""]) => decodeEntities(inner.replace(/<[^>]+>/g, "")).trim()),
  };
}

/** Text as React writes it into HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}

/** The words a reader sees in a page's or a mail's HTML: the head left out, tags dropped, entities decoded. */
export function visibleText(html: string): string {
  return decodeEntities(html.replace(/<head>[\s\S]*?<\/head>/, " ").replace(/<[^>]+>/g, " "));
}
