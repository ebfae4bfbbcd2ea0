import type { HeadersArgs } from "react-router";
import { site } from "../content/site";

/**
 * Who may keep an answer. A page's loader and action each say it for what they answer, with one of these;
 * the page's `headers` is `actionOrLoaderHeaders`, which passes the right one on. An answer that says
 * nothing gets `no-cache` from the server (server/site-handler.ts).
 */

/**
 * Pages that are the same for every visitor: browsers and shared caches may keep them as long as the
 * browser keeps their data (app/content/fresh-data.ts), and the server keeps the rendered page in memory
 * (server/page-cache.ts).
 */
export const sharedForAMinute = { "Cache-Control": `public, max-age=${site.behaviour.queryStaleTimeMs / 1000}` };

/**
 * The same for browsers and shared caches, but not kept in the server's page cache (it stores `public`
 * answers only): for answers that are rarely asked for twice, like a search's results, which would cost
 * the page cache's compressions for nothing and push the pages people come back to out of it.
 */
export const keptForAMinute = { "Cache-Control": `max-age=${site.behaviour.queryStaleTimeMs / 1000}` };

/**
 * Answers that show one visitor's details (an e-mail, an address, an order) or act on a link mailed to them
 * alone: no cache may keep them, not even the browser's, so the Back button or the next user of a shared
 * computer cannot bring them back.
 */
export const privateNoStore = { "Cache-Control": "private, no-store" };

/**
 * The headers of a page's answer: its action's when the action set any (the answer to a form post), else its
 * loader's. React Router passes action headers on every request, empty on a GET, so `actionHeaders ??
 * loaderHeaders` always took the action's and dropped what the loader said; and a page without a `headers`
 * function sends neither.
 */
export function actionOrLoaderHeaders({ actionHeaders, loaderHeaders }: Pick<HeadersArgs, "actionHeaders" | "loaderHeaders">): Headers {
  return [...actionHeaders.keys()].length > 0 ? actionHeaders : loaderHeaders;
}
