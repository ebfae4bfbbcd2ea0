import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import { text } from "node:stream/consumers";
import languageDetectionScript from "virtual:language-detection";
import detectionInlineScript from "virtual:page-script/language-detection";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { languages } from "../common/languages";
import { logger } from "../server/logger.ts";
import { formatDateTime } from "./admin/list/DateTime";
import { orderFormat } from "./admin/orders/format";
import { NonceContext } from "./components/nonce";
import { assertValidLocales } from "./content/validate-content";
import { pageContentSecurityPolicy } from "./csp.server";
import { type DeferOptions, hydrateAfterPaint } from "./hydrate-after-paint";
import { allMessages } from "./i18n/messages.server";
import { registerMessages } from "./i18n/registry";
import { openerPolicy } from "./opener-policy.server";
import { pageScriptCall } from "./page-script-call";
import { pageScriptOptions } from "./page-scripts.server";
import { paymentTraits } from "./service-host.server";

// A broken content file stops the start here, naming the file and the field.
assertValidLocales(allMessages);
registerMessages(allMessages);

// The console's date formats are made before the server takes a request: the first date and time format of a
// locale loads its data, 25 to 75 ms of the visitors' thread that the console's first page after a start
// took otherwise (docs/decisions/0043-the-console-ready-at-start.md). The server renders in UTC.
for (const language of languages) {
  const epoch = new Date(0).toISOString();
  orderFormat(`${language} UTC`).dateTime(epoch);
  formatDateTime(language, epoch);
  formatDateTime(language, epoch, true);
}

export const streamTimeout = 5_000;

/**
 * The HTTP server calls these: the services start with it, /readyz asks for readiness, and shutdown stops the
 * services after the last request.
 */
export { checkReadiness, placeJobs, runJobsNow, startServices, stopServices } from "./service-host.server";
/** Spared the cross-site check: the configured processor's webhook, when it has one. */
export const crossSitePaths = paymentTraits.webhookPath ? [paymentTraits.webhookPath] : [];

/**
 * Renders a page to HTML. Pages have no deferred data, so the whole document is rendered before the
 * first byte: every visitor, crawler or not, gets complete HTML, and a broken render is a clean error page.
 * In production the page then asks for its JavaScript only after its first paint, and a public page only at
 * the visitor's first interaction (hydrate-after-paint.ts, page-scripts.server.ts); Vite's development server
 * keeps React Router's scripts as they are, for hot reload.
 */
export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext) {
  const nonce = randomBytes(16).toString("base64");
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Content-Security-Policy", pageContentSecurityPolicy(nonce));
  responseHeaders.set("Cross-Origin-Opener-Policy", openerPolicy(routerContext, responseHeaders));

  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    // Cleared once the page is rendered: a pending timer keeps the whole render (its tree, its HTML) alive
    // until it fires, which at a hundred pages a second held 80 MB that the collector kept walking.
    let giveUp: NodeJS.Timeout | undefined;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        // The page is sent whole, so every Suspense boundary goes out in place. Past a size, React would
        // otherwise send a large one apart, hidden at the end of the page, for a script to move it in: a
        // crawler that runs no script would see it out of place, and the browser lays the page out twice.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          clearTimeout(giveUp);
          const body = new PassThrough();
          pipe(body);
          void text(body).then((html) => {
            resolve(
              new Response(withPageScripts(html, pageScriptOptions(request, routerContext, languageDetectionScript), nonce), {
                headers: responseHeaders,
                status,
              }),
            );
          }, reject);
        },
        onShellError(error) {
          clearTimeout(giveUp);
          reject(error);
        },
        onError(error) {
          status = 500;
          logger.error({ err: error }, "A page failed to render");
        },
      },
    );
    giveUp = setTimeout(abort, streamTimeout + 1000).unref();
  });
}

/** Vite's development server keeps React Router's scripts for hot reload; only the detection is added there. */
function withPageScripts(html: string, options: DeferOptions, nonce: string): string {
  if (!import.meta.env.DEV) return hydrateAfterPaint(html, options);
  if (!options.detection) return html;
  const { script: detection, endpoint, timeoutMs } = options.detection;
  const script = `${detectionInlineScript}\n${pageScriptCall(detection, endpoint, timeoutMs)};`;
  return html.replace("</body>", `<script type="module" nonce="${nonce}">${script}</script></body>`);
}
