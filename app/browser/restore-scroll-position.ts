import { scrollPositionsKey } from "./scroll-positions-key";

/*
 * Runs in the page before its first paint, by itself (app/components/ScrollRestoration.tsx): puts a page come
 * back to (reloaded, or reached through the back and forward buttons) where it was left, from the positions
 * React Router saved (docs/decisions/0011-scroll-restoration.md). React Router's own script does this on
 * every load, but reading `sessionStorage` and writing the history entry are synchronous trips to the browser
 * process: 6 to 27 ms measured before the first paint, four times that on a phone. A new entry (a link
 * followed, an address typed) has no saved position, so it skips them; the client entry gives it its key
 * before hydrating (`giveHistoryEntryAKey`).
 */
const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
if (navigation?.type !== "navigate") {
  if (!window.history.state?.key) window.history.replaceState({ key: Math.random().toString(32).slice(2) }, "");
  try {
    const storedY = JSON.parse(sessionStorage.getItem(scrollPositionsKey) || "{}")[window.history.state.key];
    if (typeof storedY === "number") window.scrollTo(0, storedY);
  } catch (error) {
    console.error(error);
    sessionStorage.removeItem(scrollPositionsKey);
  }
}
