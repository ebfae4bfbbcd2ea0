import type { EntryContext } from "react-router";
import { defaultLanguage, languageFromPath, requestPathname } from "../common/languages";
import { site } from "../content/site";
import { isConsolePath } from "./admin/console-path";
import { geolocationEndpoint } from "./geolocation.server";
import type { DeferOptions } from "./hydrate-after-paint";
import { someMatchedHandle } from "./page-handle";

/**
 * The language chain of a first visit, for a page that loads no app until it is used: the detection module is
 * imported once the page is idle after its first paint (docs/decisions/0034-hydration-on-first-interaction.md).
 */
export function languageDetectionCall(url: string, endpoint: string, timeoutMs: number): string {
  const detect = `import(${JSON.stringify(url)}).then((module) => module.detectOnLanding(${JSON.stringify(endpoint)}, ${timeoutMs}))`;
  return [
    "const whenIdle = globalThis.requestIdleCallback ?? ((work) => setTimeout(work, 200));",
    `whenIdle(() => ${detect}.catch((error) => console.warn("The language detection did not run.", error)), { timeout: 3000 });`,
  ].join("\n");
}

/**
 * When a rendered page loads its app, and whether it runs the language detection: only an unprefixed
 * (English) page of the public site does, never an error page or the console. `detectionScript` is its URL.
 */
export function pageScriptOptions(request: Request, context: EntryContext, detectionScript: string): DeferOptions {
  const afterPaint = someMatchedHandle(context, (handle) => handle.hydrate === "after-paint");
  const pathname = requestPathname(request);
  const detects = !isConsolePath(pathname) && !context.staticHandlerContext.errors && languageFromPath(pathname) === defaultLanguage;
  return {
    moment: afterPaint ? "paint" : "interaction",
    ...(detects ? { afterPaint: languageDetectionCall(detectionScript, geolocationEndpoint, site.geolocation.timeoutMs) } : {}),
  };
}
