import type { EntryContext } from "react-router";
import { defaultLanguage, languageFromPath, requestPathname } from "../common/languages";
import { site } from "../content/site";
import { isConsolePath } from "./admin/console-path";
import { geolocationEndpoint } from "./geolocation.server";
import type { DeferOptions } from "./hydrate-after-paint";
import { someMatchedHandle } from "./page-handle";

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
    ...(detects ? { detection: { script: detectionScript, endpoint: geolocationEndpoint, timeoutMs: site.geolocation.timeoutMs } } : {}),
  };
}
