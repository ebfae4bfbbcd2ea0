import { useState, useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * Whether this component is being hydrated over the server's HTML (true) or rendered from nothing in the
 * browser, after a client navigation (false). Fixed at mount. On the server it is false: the server
 * renders the content itself.
 */
export function useServerHtmlAtMount(): boolean {
  // React reads the server snapshot while it hydrates and the client one when it renders from nothing.
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  const [atMount] = useState(hydrating);
  return atMount && typeof document !== "undefined";
}

/** Telling React "the HTML inside is set elsewhere" makes hydration leave the server's children in place. */
export const setElsewhere = { __html: "" };
