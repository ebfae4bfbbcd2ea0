import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { site } from "../content/site";
import { geolocationEndpoint } from "./geolocation.server";
import { pageScriptOptions } from "./page-scripts.server";

/** The parts of React Router's context the choice reads: the matched routes, their modules, any error. */
function context(routes: { id: string; handle?: unknown }[], errors: Record<string, unknown> | null = null): EntryContext {
  return {
    staticHandlerContext: { matches: routes.map(({ id }) => ({ route: { id } })), errors },
    routeModules: Object.fromEntries(routes.map(({ id, handle }) => [id, { handle }])),
  } as unknown as EntryContext;
}

const page = (path: string) => new Request(`http://shop.test${path}`);
const script = "/assets/language-detection-A.js";

describe("pageScriptOptions", () => {
  it("waits for the first interaction on a public page, and runs the detection on an English one", () => {
    const options = pageScriptOptions(page("/about"), context([{ id: "root" }, { id: "about.en" }]), script);
    expect(options.moment).toBe("interaction");
    expect(options.detection).toEqual({ script, endpoint: geolocationEndpoint, timeoutMs: site.geolocation.timeoutMs });
  });

  it("runs no detection on a Spanish or French page: the prefix is the visitor's choice", () => {
    for (const path of ["/es", "/fr/blog"]) {
      const options = pageScriptOptions(page(path), context([{ id: "root" }, { id: "page" }]), script);
      expect(options).toEqual({ moment: "interaction" });
    }
  });

  it("loads the app after the paint where a matched route asks for it (its layout's handle counts)", () => {
    const routes = [{ id: "root" }, { id: "account.en", handle: { hydrate: "after-paint" } }, { id: "account-home.en" }];
    expect(pageScriptOptions(page("/account"), context(routes), script).moment).toBe("paint");
  });

  it("runs no detection in the console or on an error page", () => {
    const inConsole = pageScriptOptions(
      page("/admin/orders"),
      context([{ id: "root" }, { id: "admin", handle: { hydrate: "after-paint" } }]),
      script,
    );
    expect(inConsole).toEqual({ moment: "paint" });
    const error = pageScriptOptions(page("/nowhere"), context([{ id: "root" }], { root: new Error("boom") }), script);
    expect(error.detection).toBeUndefined();
  });
});
