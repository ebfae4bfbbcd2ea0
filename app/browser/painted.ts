/**
 * Resolves once the browser has painted the page's content (its first contentful paint), in the task after
 * it. A page in a background tab paints nothing, and a browser without paint timing says nothing: those go
 * on at once; a page that never paints anything contentful goes on after 3 s.
 */
export function painted(): Promise<void> {
  return new Promise((resolve) => {
    const go = () => setTimeout(resolve, 0);
    if (document.visibilityState !== "visible" || !globalThis.PerformanceObserver?.supportedEntryTypes?.includes("paint")) {
      go();
      return;
    }
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName("first-contentful-paint").length > 0) {
        observer.disconnect();
        go();
      }
    }).observe({ type: "paint", buffered: true });
    setTimeout(resolve, 3000);
  });
}
