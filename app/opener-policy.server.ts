import type { EntryContext } from "react-router";
import { someMatchedHandle } from "./page-handle";

/**
 * The Cross-Origin-Opener-Policy of a rendered page (docs/decisions/0038-process-isolation-where-the-data-is.md).
 * A page that shows someone's records is isolated: no other site's window keeps a hold on it, and Chrome gives
 * the site a process of its own. A public page holds nothing of anyone's, and the browser's default spares its
 * visitor a fresh process on arrival.
 */
export function openerPolicy(context: EntryContext): "same-origin" | "unsafe-none" {
  return someMatchedHandle(context, (handle) => handle.personal === true) ? "same-origin" : "unsafe-none";
}
