/**
 * What both kinds of page script share (wake-after-paint.ts, wake-at-interaction.ts). The web manifest is
 * announced once the page has painted: a browser fetches it as soon as it sees the link, for an install
 * prompt few visitors use, and that request raced the first paint; in Lighthouse's simulation it added 150 ms
 * to the LCP of any load where it finished first (docs/decisions/0039-the-manifest-after-the-paint.md).
 */
export const manifestPath = "/manifest.webmanifest";

/** Adds `<link rel={rel} href={href}>` to the head: the manifest, and the client entry's preload. */
export function addHeadLink(rel: string, href: string): void {
  document.head.append(Object.assign(document.createElement("link"), { rel, href }));
}
