import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { openerPolicy, personalAnswer, personalOrPublicHeaders } from "./opener-policy.server";

/** The parts of React Router's context the policy reads: the matched routes and their modules. */
function context(routes: { id: string; handle?: unknown }[]): EntryContext {
  return {
    staticHandlerContext: { matches: routes.map(({ id }) => ({ route: { id } })), errors: null },
    routeModules: Object.fromEntries(routes.map(({ id, handle }) => [id, { handle }])),
  } as unknown as EntryContext;
}

describe("openerPolicy", () => {
  it("isolates a page inside a layout that shows someone's records", () => {
    const routes = [{ id: "root" }, { id: "account.en", handle: { hydrate: "after-paint", personal: true } }, { id: "account-access.en" }];
    expect(openerPolicy(context(routes))).toBe("same-origin");
  });

  it("leaves a public page to the browser's default, whatever else its handle asks", () => {
    expect(openerPolicy(context([{ id: "root" }, { id: "checkout.es" }]))).toBe("unsafe-none");
    expect(openerPolicy(context([{ id: "root" }, { id: "blog.fr", handle: { hydrate: "after-paint" } }]))).toBe("unsafe-none");
  });

  it("isolates a public page whose loader found it personal for this request, and no other", () => {
    const checkout = context([{ id: "root" }, { id: "checkout.es" }]);
    expect(openerPolicy(checkout, new Headers(personalAnswer))).toBe("same-origin");
    expect(openerPolicy(checkout, new Headers({ "Cache-Control": "private, no-store" }))).toBe("unsafe-none");
  });
});

describe("a page's headers when its loader may find it personal", () => {
  it("keeps the loader's isolation under the answer to a form post, and its cache rule otherwise", () => {
    const posted = new Headers({ "Cache-Control": "private, no-store" });
    expect(Object.fromEntries(personalOrPublicHeaders({ actionHeaders: posted, loaderHeaders: new Headers(personalAnswer) }))).toEqual({
      "cache-control": "private, no-store",
      "cross-origin-opener-policy": "same-origin",
    });
    const plain = new Headers({ "Cache-Control": "private, no-store" });
    expect(Object.fromEntries(personalOrPublicHeaders({ actionHeaders: new Headers(), loaderHeaders: plain }))).toEqual({
      "cache-control": "private, no-store",
    });
  });
});
