import type { EntryContext } from "react-router";

/**
 * What a route module exports as `handle` to set how its page is served. A layout's handle counts for every
 * page inside it.
 */
export interface PageHandle {
  /**
   * Load the page's app as soon as the page has painted, not at the visitor's first interaction
   * (docs/decisions/0034-hydration-on-first-interaction.md): a page whose script has work to do unasked (the
   * console, the customer's account, a payment's outcome that is polled and announced).
   */
  hydrate?: "after-paint";
  /**
   * The page shows a customer's or the operator's own records: it is kept apart from every other site's
   * windows and processes (Cross-Origin-Opener-Policy: same-origin; docs/decisions/0038-process-isolation-where-the-data-is.md).
   */
  personal?: true;
}

/** Whether a route matched for this page asks for it in its handle. */
export function someMatchedHandle(context: EntryContext, asks: (handle: PageHandle) => boolean): boolean {
  return context.staticHandlerContext.matches.some((match) => {
    const handle = context.routeModules[match.route.id]?.handle as PageHandle | undefined;
    return handle !== undefined && asks(handle);
  });
}
