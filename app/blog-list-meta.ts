import type { MetaDescriptor } from "react-router";
import type { BlogListHead } from "./content/blog-pages";
import { absoluteUrl } from "./structured-data";

const isLink = (descriptor: MetaDescriptor, rel: string) =>
  "tagName" in descriptor && descriptor.tagName === "link" && descriptor.rel === rel;

/**
 * A page of the blog list's head: its canonical address and language alternates keep its page and category
 * (each page is its own page to a search engine), `prev`/`next` name its neighbours, and search results ask
 * not to be indexed but followed, so the articles they list still are.
 */
export function blogListMeta(meta: MetaDescriptor[], head: BlogListHead): MetaDescriptor[] {
  const query = head.canonical.includes("?") ? head.canonical.slice(head.canonical.indexOf("?")) : "";
  const withQuery = meta.map((descriptor) => {
    if (isLink(descriptor, "canonical")) return { ...descriptor, href: absoluteUrl(head.canonical) };
    if (isLink(descriptor, "alternate") && "href" in descriptor) return { ...descriptor, href: `${descriptor.href}${query}` };
    if ("property" in descriptor && descriptor.property === "og:url") return { ...descriptor, content: absoluteUrl(head.canonical) };
    return descriptor;
  });
  return [
    ...withQuery,
    ...(head.previous ? [{ tagName: "link", rel: "prev", href: absoluteUrl(head.previous) }] : []),
    ...(head.next ? [{ tagName: "link", rel: "next", href: absoluteUrl(head.next) }] : []),
    ...(head.index ? [] : [{ name: "robots", content: "noindex, follow" }]),
  ];
}
