/** What counts as the visitor's first sign of use: a press, a touch, a key, focus moving, a scroll, the mouse moving. */
const signsOfUse = ["pointerdown", "touchstart", "keydown", "focusin", "scroll", "wheel", "mousemove"];

/**
 * Resolves at the visitor's first sign of use, once the browser has painted what that did: the page's own
 * answer (a disclosure opening, a field taking focus) never waits for the app's scripts, which start loading
 * only in the task after that paint. This script comes at the end of the page, and on a slow link a quick
 * visitor may have tapped a field and typed before it arrived, unheard: focus already inside the page counts
 * as their first sign of use.
 */
export function firstInteraction(): Promise<void> {
  return new Promise((resolve) => {
    const options = { capture: true, passive: true };
    const go = () => {
      for (const type of signsOfUse) removeEventListener(type, go, options);
      requestAnimationFrame(() => setTimeout(resolve, 0));
    };
    for (const type of signsOfUse) addEventListener(type, go, options);
    if (document.activeElement && document.activeElement !== document.body) go();
  });
}
