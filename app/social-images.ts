import type { Language } from "../common/languages";

/**
 * Where each page's social card (the 1200x630 image with its title, made by scripts/build-social-images.ts
 * at build time) is served. Pure, so the page heads and the build script agree on one name per card.
 */
export const socialImageSize = { width: 1200, height: 630 } as const;

export const socialImageBase = "/images/social";

/** `key` is a page name (`home`, `about`…) or `blog/<slug>` for an article. */
export function socialImagePath(language: Language, key: string): string {
  return `${socialImageBase}/${language}/${key}.jpg`;
}
