/** What a click says about how it should be handled (a `MouseEvent` has all of these). */
export interface Click {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** A click with the primary button and no modifier key: not one asking for a new tab or window. */
export function isPlainClick(click: Click): boolean {
  return click.button === 0 && !click.metaKey && !click.ctrlKey && !click.shiftKey && !click.altKey;
}

/** The link clicked: its resolved address, its `target`, and whether it is one of the router's own links. */
export interface ClickedLink {
  href: string;
  target: string;
  download: boolean;
  /** React Router's `<Link>` writes `data-discover` on links to its own routes (not on absolute URLs). */
  routerLink: boolean;
}

/**
 * The in-site address a click on a server-rendered link should go to by client navigation, as React Router's
 * `<Link>` would, or undefined to leave the click to the browser: a modified or non-primary click (new tab,
 * new window), another target, a download, another origin, or a link that is not the router's.
 */
export function inSiteDestination(click: Click & { defaultPrevented: boolean }, link: ClickedLink, origin: string): string | undefined {
  if (click.defaultPrevented || !isPlainClick(click)) return undefined;
  if (!link.routerLink || link.download || (link.target !== "" && link.target !== "_self")) return undefined;
  const url = new URL(link.href, origin);
  if (url.origin !== origin) return undefined;
  return url.pathname + url.search + url.hash;
}
