import restoreScrollPosition from "virtual:page-script/restore-scroll-position";
import { UNSAFE_useScrollRestoration as useScrollRestoration } from "react-router";
import { scrollPositionsKey } from "../browser/scroll-positions-key";

/**
 * React Router's scroll restoration (saving positions, restoring them on client navigations), with our own
 * script for the first paint instead of the router's: it runs only on a page come back to
 * (app/browser/restore-scroll-position.ts).
 */
export function ScrollRestoration({ nonce }: { nonce: string | undefined }) {
  useScrollRestoration({ storageKey: scrollPositionsKey });
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: restoreScrollPosition }} />;
}

/**
 * Gives the history entry of a first visit the key React Router saves its scroll position under, as its own
 * script would have done before the first paint; the router reads it when it is created, during hydration.
 */
export function giveHistoryEntryAKey(): void {
  if (!window.history.state?.key) window.history.replaceState({ ...window.history.state, key: Math.random().toString(32).slice(2) }, "");
}
