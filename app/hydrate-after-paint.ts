/**
 * Rewrites a rendered page so that nothing but the HTML and its stylesheet is requested before the first
 * paint (docs/decisions/0007-hydration-after-first-paint.md). React Router's `<Scripts>` puts a
 * `modulepreload` for every module of the page in the head and imports the route modules statically, so on a
 * phone ~150 KB of JavaScript competes with the page for the link before anything shows. Here the preloads
 * leave the head, and the inline module that starts hydration waits for the first paint, then preloads the
 * client entry and imports the route modules. Their own imports follow as each arrives: adding all two dozen
 * preload links back from a script was one 50 ms task on a fast machine (each link starts its request
 * synchronously), four times that on a phone. Client navigation is untouched: React Router still loads route
 * chunks on intent.
 *
 * A public page goes further and waits for the visitor's first interaction as well
 * (docs/decisions/0034-hydration-on-first-interaction.md): its controls work natively until then, and a
 * visitor who only reads downloads none of the app. Every rule of when a page's JavaScript runs, as it now
 * stands: docs/decisions/0044-when-a-page-s-javascript-runs.md.
 */

const preloadLink = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const staticImport = /^\s*import \* as (\w+) from ("[^"]+");\s*$|^\s*import ("[^"]+");\s*$/;

/**
 * Resolves once the browser has painted the page's content (its first contentful paint), in the task after
 * it. A page in a background tab paints nothing, and a browser without paint timing says nothing: those go
 * on at once; a page that never paints anything contentful goes on after 3 s.
 */
const painted = `new Promise((painted) => {
  const go = () => setTimeout(painted, 0);
  if (document.visibilityState !== "visible" || !globalThis.PerformanceObserver?.supportedEntryTypes?.includes("paint")) return go();
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName("first-contentful-paint").length > 0) { observer.disconnect(); go(); }
  }).observe({ type: "paint", buffered: true });
  setTimeout(painted, 3000);
})`;

/**
 * Resolves at the visitor's first sign of use (a press, a touch, a key, focus moving, a scroll, the mouse
 * moving), once the browser has painted what that did: the page's own answer (a disclosure opening, a field
 * taking focus) never waits for the app's scripts, which start loading only in the task after that paint.
 * This script comes at the end of the page, and on a slow link a quick visitor may have tapped a field and
 * typed before it arrived, unheard: focus already inside the page counts as their first sign of use.
 */
const interacted = `new Promise((interacted) => {
  const types = ["pointerdown", "touchstart", "keydown", "focusin", "scroll", "wheel", "mousemove"];
  const options = { capture: true, passive: true };
  const go = () => {
    for (const type of types) removeEventListener(type, go, options);
    requestAnimationFrame(() => setTimeout(interacted, 0));
  };
  for (const type of types) addEventListener(type, go, options);
  if (document.activeElement && document.activeElement !== document.body) go();
})`;

/**
 * Until the app has woken, a link chosen in the open menu (`<details data-menu>`, the header's) closes it,
 * as the app does once hydrated. The browser follows a link to another page by itself; a link to a section
 * of this page (the landing's "Plans") only scrolls, and would leave the menu open over the section.
 */
const menuClosesOnLink = `const closeMenuOnLink = (event) => {
  if (document.documentElement.dataset.hydrated) return removeEventListener("click", closeMenuOnLink, true);
  const menu = event.target instanceof Element && event.target.closest("a[href]") ? event.target.closest("details[data-menu][open]") : null;
  if (menu) menu.open = false;
};
addEventListener("click", closeMenuOnLink, true);`;

/**
 * The web manifest is announced once the page has painted. A browser fetches it as soon as it sees the link,
 * for an install prompt few visitors use, and that request raced the first paint: in Lighthouse's simulation
 * it added 150 ms to the LCP of any load where it finished first (docs/decisions/0039-the-manifest-after-the-paint.md).
 */
export const manifestPath = "/manifest.webmanifest";

/** The statement that adds `<link rel={rel} href={href}>` to the head; `href` is a JavaScript string literal. */
const headLink = (rel: string, href: string) =>
  `document.head.append(Object.assign(document.createElement("link"), { rel: "${rel}", href: ${href} }));`;

/** When the app's scripts load: after the first paint, or after the visitor's first interaction as well. */
export type HydrationMoment = "paint" | "interaction";

export interface DeferOptions {
  moment: HydrationMoment;
  /** Code run once the page has painted, whatever the moment (the language detection of a landing page). */
  afterPaint?: string;
}

/** The module script `<Scripts>` renders: it imports the route modules, then the client entry. */
function findHydrationScript(html: string): { start: number; end: number; body: string } | undefined {
  for (const match of html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    const body = match[1] ?? "";
    if (body.includes("window.__reactRouterRouteModules")) {
      const start = match.index + match[0].indexOf(">") + 1;
      return { start, end: start + body.length, body };
    }
  }
  return undefined;
}

/** The hydration script's body, importing the same modules, all at once, only at the chosen moment. */
export function deferredHydrationScript(body: string, { moment, afterPaint }: DeferOptions = { moment: "paint" }): string {
  // A module imported for its effects only leaves a hole in the destructuring.
  const names: string[] = [];
  const specifiers: string[] = [];
  const rest: string[] = [];
  for (const line of body.split("\n")) {
    // A line may start with the `;` that separates the optional imports `<Scripts>` puts before the routes.
    for (const statement of line.split(/;(?=\s*import )/)) {
      const found = staticImport.exec(statement);
      if (!found) rest.push(statement);
      else {
        names.push(found[1] ?? "");
        specifiers.push(found[2] ?? found[3] ?? "");
      }
    }
  }
  // The client entry runs only once the route modules are known, as React Router has it; a preload lets its
  // download overlap theirs.
  const entry = /^\s*import\(("[^"]+")\);\s*$/m.exec(body)?.[1];
  const imports = specifiers.map((specifier) => `import(${specifier})`).join(", ");
  return [
    // Listening from the start: a scroll during the wait for the paint counts.
    ...(moment === "interaction" ? [`const interaction = ${interacted};`, menuClosesOnLink] : []),
    `await ${painted};`,
    headLink("manifest", JSON.stringify(manifestPath)),
    ...(afterPaint ? [afterPaint] : []),
    ...(moment === "interaction" ? ["await interaction;"] : []),
    ...(entry ? [headLink("modulepreload", entry)] : []),
    `const [${names.join(", ")}] = await Promise.all([${imports}]);`,
    ...rest.filter((statement) => statement.trim() !== "" && statement.trim() !== ";"),
  ].join("\n");
}

/** The page with its module preloads removed and its hydration deferred; unchanged when it has neither. */
export function hydrateAfterPaint(html: string, options?: DeferOptions): string {
  const script = findHydrationScript(html);
  if (!script) return html;
  const rewritten = `${html.slice(0, script.start)}${deferredHydrationScript(script.body, options)}${html.slice(script.end)}`;
  return rewritten.replace(preloadLink, "");
}
