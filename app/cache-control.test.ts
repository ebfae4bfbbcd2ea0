import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { adminLayoutId } from "./admin/layout-id";
import { actionOrLoaderHeaders, privateNoStore, sharedForAMinute } from "./cache-control";
import { personalOrPublicHeaders } from "./opener-policy.server";
import routes from "./routes";

const none = {};
const setOnly = { "X-Robots-Tag": "noindex" };

describe("a page's headers", () => {
  it.each([
    // React Router passes the action's headers on a GET too, empty.
    ["a GET", none, privateNoStore, "private, no-store"],
    ["a form post", privateNoStore, sharedForAMinute, "private, no-store"],
    // An action that set anything answered the post: the shared page's headers never stand for it.
    ["a post whose action set no Cache-Control", setOnly, sharedForAMinute, null],
  ])("for %s: the action's when it set any, else the loader's", (_, action, loader, cacheControl) => {
    const picked = actionOrLoaderHeaders({ actionHeaders: new Headers(action), loaderHeaders: new Headers(loader) });
    expect(picked.get("Cache-Control")).toBe(cacheControl);
  });
});

/** The route modules that render a page, but not those behind the console's gate, which marks every answer itself. */
function pageFiles(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) => (entry.id === adminLayoutId ? [] : [entry.file, ...pageFiles(entry.children ?? [])]));
}

describe("every page of app/routes.ts", () => {
  it.each([...new Set(pageFiles(routes))])("%s passes on what its loader or action says", async (file) => {
    const module = (await import(/* @vite-ignore */ `./${file}`)) as { default?: unknown; headers?: unknown };
    // A file or an endpoint (no component) answers its own Response, headers and all.
    if (!module.default) return;
    // Or the same, keeping the isolation of a loader that found the page personal for this request (decision 0042).
    expect([actionOrLoaderHeaders, personalOrPublicHeaders]).toContain(module.headers);
  });
});
