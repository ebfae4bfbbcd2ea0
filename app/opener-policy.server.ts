import type { EntryContext, HeadersArgs } from "react-router";
import { actionOrLoaderHeaders, privateNoStore } from "./cache-control";
import { someMatchedHandle } from "./page-handle";

/**
 * The Cross-Origin-Opener-Policy of a rendered page (docs/decisions/0038-process-isolation-where-the-data-is.md).
 * A page that shows someone's records is isolated: no other site's window keeps a hold on it, and Chrome gives
 * the site a process of its own. A public page holds nothing of anyone's, and the browser's default spares its
 * visitor a fresh process on arrival.
 */

const header = "Cross-Origin-Opener-Policy";

/**
 * What the loader of a public page answers when, for this request, the page shows someone's details (the
 * checkout filled in from a renew or resume link): a personal page's headers, never kept by any cache and
 * isolated, while the same page without them stays public and spares its visitor a process.
 */
export const personalAnswer = { ...privateNoStore, [header]: "same-origin" } as const;

/**
 * The policy of a page: isolated when a matched route says `personal: true` in its handle, or when its
 * loader answered {@link personalAnswer} (`headers`: the page's own, as its route's `headers` gave them).
 */
export function openerPolicy(context: EntryContext, headers: Headers = new Headers()): "same-origin" | "unsafe-none" {
  if (headers.get(header) === "same-origin") return "same-origin";
  return someMatchedHandle(context, (handle) => handle.personal === true) ? "same-origin" : "unsafe-none";
}

/**
 * The `headers` of a page whose loader may answer {@link personalAnswer}: its action's or its loader's
 * (actionOrLoaderHeaders), and isolated whenever the loader said so, the answer to a form post included, which
 * renders the loader's details again.
 */
export function personalOrPublicHeaders(args: Pick<HeadersArgs, "actionHeaders" | "loaderHeaders">): Headers {
  const headers = new Headers(actionOrLoaderHeaders(args));
  if (args.loaderHeaders.get(header) === "same-origin") headers.set(header, "same-origin");
  return headers;
}
