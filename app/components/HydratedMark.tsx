import { useEffect } from "react";

/**
 * Marks the page as interactive (`data-hydrated` on the root element), for tests and for styles that only
 * make sense with JavaScript. Rendered last: the page hydrates in parts (SiteShell), and its effect runs
 * once the part it sits in has hydrated.
 */
export function HydratedMark() {
  useEffect(() => document.documentElement.setAttribute("data-hydrated", "true"), []);
  return null;
}
