import logo from "../content/images/logo.svg?raw";

/**
 * An SVG as a `data:` URL, near its own size: whitespace between tags dropped, and escaped only what a URL
 * cannot carry, spaces among them, and the quotes, which the page's attribute would otherwise carry as
 * six-character entities.
 */
export function svgDataUrl(svg: string): string {
  const compact = svg.trim().replace(/>\s+</g, "><").replace(/\s+/g, " ");
  return `data:image/svg+xml,${compact.replace(/[%#<>{}"' ]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/**
 * The brand's logo, the tab's icon, written into every page rather than fetched: a browser asks for the icon
 * as the page finishes loading, and that request raced the first paint (in Lighthouse's simulation it added
 * 150 ms to the LCP of any load where it finished first: docs/decisions/0039-the-manifest-after-the-paint.md).
 * About 300 bytes of each compressed page.
 */
export const faviconHref = svgDataUrl(logo);
