/**
 * What the server reads of the page React Router renders, all in this module: the rest of the code takes it
 * from here, and `react-router-output.test.tsx` renders a real route with React Router to check that it is
 * still found. `<Scripts>` renders:
 *
 * - a `<link rel="modulepreload">` in the head for every module of the page;
 * - an inline module script (its body, below) that imports the route modules statically, sets
 *   `window.__reactRouterManifest` and `window.__reactRouterRouteModules`, then imports the client entry:
 *
 *       ;                                        (or `import "<manifest>";`, without lazy route discovery)
 *       import * as route0 from "/assets/root-A.js";
 *       import * as route1_clientLoader from "…";   import * as route1_main from "…";
 *       const route1 = {...route1_clientLoader,...route1_main};
 *         window.__reactRouterManifest = {…};
 *         window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};
 *
 *       import("/assets/entry.client-C.js");
 */

const preloadLink = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const moduleScript = /<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g;
const staticImport = /^\s*import \* as (\w+) from ("[^"]+");\s*$|^\s*import ("[^"]+");\s*$/;
const entryImport = /^\s*import\(("[^"]+")\);\s*$/m;

/** Where the hydration script's body is in the page, and the body. */
export interface HydrationScript {
  start: number;
  end: number;
  body: string;
}

/** The module script `<Scripts>` renders, which starts hydration; none in a page without React Router's scripts. */
export function findHydrationScript(html: string): HydrationScript | undefined {
  for (const match of html.matchAll(moduleScript)) {
    const body = match[1] ?? "";
    if (body.includes("window.__reactRouterRouteModules")) {
      const start = match.index + match[0].indexOf(">") + 1;
      return { start, end: start + body.length, body };
    }
  }
  return undefined;
}

/** The hydration script taken apart. */
export interface HydrationParts {
  /** Its static imports in order: the name each binds ("" for a module imported for its effects only), and the specifier as a string literal. */
  imports: { name: string; specifier: string }[];
  /** The client entry's URL, when the script imports it. */
  entry: string | undefined;
  /** Every other statement, in order (the route objects, the globals, the client entry's import). */
  statements: string[];
}

export function hydrationParts(body: string): HydrationParts {
  const imports: HydrationParts["imports"] = [];
  const statements: string[] = [];
  for (const line of body.split("\n")) {
    // A line may start with the `;` that separates the optional imports `<Scripts>` puts before the routes.
    for (const statement of line.split(/;(?=\s*import )/)) {
      const found = staticImport.exec(statement);
      if (found) imports.push({ name: found[1] ?? "", specifier: found[2] ?? found[3] ?? "" });
      else if (statement.trim() !== "" && statement.trim() !== ";") statements.push(statement);
    }
  }
  const entry = entryImport.exec(body)?.[1];
  return { imports, entry: entry ? (JSON.parse(entry) as string) : undefined, statements };
}

/** The page without the module preloads `<Scripts>` puts in its head. */
export function withoutModulePreloads(html: string): string {
  return html.replace(preloadLink, "");
}
