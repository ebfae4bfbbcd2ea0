import { renderToString } from "react-dom/server";
import { createRequestHandler, type EntryContext, Outlet, Scripts, type ServerBuild, ServerRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { hydrateAfterPaint } from "./hydrate-after-paint";
import { findHydrationScript, hydrationParts, withoutModulePreloads } from "./react-router-output";

/**
 * A real page of React Router's server rendering: a root that renders `<Scripts>` and a page with a client
 * loader, served by React Router's request handler from a build as its compiler shapes one. When an upgrade
 * changes what `<Scripts>` renders, these tests fail, and react-router-output.ts is the one file to change.
 */
function build(routeDiscovery: ServerBuild["routeDiscovery"]["mode"]): ServerBuild {
  const entryRoute = { hasAction: false, hasLoader: false, hasClientAction: false, hasClientMiddleware: false, hasErrorBoundary: false };
  const noClientModules = { clientActionModule: undefined, clientMiddlewareModule: undefined, hydrateFallbackModule: undefined };
  return {
    entry: {
      module: {
        default: (request: Request, status: number, headers: Headers, context: EntryContext) => {
          const html = `<!DOCTYPE html>${renderToString(<ServerRouter context={context} url={request.url} nonce="n" />)}`;
          return new Response(html, { status, headers: { ...Object.fromEntries(headers), "Content-Type": "text/html" } });
        },
      },
    },
    routes: {
      root: {
        id: "root",
        path: "",
        module: {
          default: () => (
            <html lang="en">
              <head />
              <body>
                <Outlet />
                <Scripts nonce="n" />
              </body>
            </html>
          ),
        },
      },
      "routes/home": {
        id: "routes/home",
        parentId: "root",
        index: true,
        module: { default: () => <h1>Home</h1>, loader: () => null, clientLoader: () => null },
      },
    },
    assets: {
      entry: { module: "/assets/entry.client-C.js", imports: ["/assets/framework-F.js"] },
      routes: {
        root: {
          id: "root",
          path: "",
          ...entryRoute,
          hasClientLoader: false,
          module: "/assets/root-A.js",
          clientLoaderModule: undefined,
          ...noClientModules,
        },
        "routes/home": {
          id: "routes/home",
          parentId: "root",
          index: true,
          ...entryRoute,
          hasLoader: true,
          hasClientLoader: true,
          module: "/assets/home-B.js",
          clientLoaderModule: "/assets/home-loader-B.js",
          ...noClientModules,
        },
      },
      url: "/assets/manifest-1.js",
      version: "1",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: routeDiscovery, manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

async function renderedPage(routeDiscovery: ServerBuild["routeDiscovery"]["mode"]): Promise<string> {
  const response = await createRequestHandler(build(routeDiscovery), "production")(new Request("http://shop.test/"));
  expect(response.status).toBe(200);
  return response.text();
}

// This project's routes are discovered lazily (React Router's default); "initial" adds the manifest's import.
describe.each(["lazy", "initial"] as const)("React Router's page, with route discovery %s", (routeDiscovery) => {
  it("has one hydration script, found, whose static imports are all read, named as the rest of it uses them", async () => {
    const html = await renderedPage(routeDiscovery);
    const script = findHydrationScript(html);
    expect(script, "the hydration script is no longer found").toBeDefined();
    if (!script) return;
    expect(html.slice(script.start, script.end)).toBe(script.body);
    const { imports, entry, statements } = hydrationParts(script.body);
    const modules = ["/assets/root-A.js", "/assets/home-loader-B.js", "/assets/home-B.js"];
    const manifestImport = routeDiscovery === "initial" ? [{ name: "", specifier: '"/assets/manifest-1.js"' }] : [];
    expect(imports).toEqual([
      ...manifestImport,
      ...["route0", "route1_clientLoader", "route1_main"].map((name, index) => ({ name, specifier: JSON.stringify(modules[index]) })),
    ]);
    expect(entry).toBe("/assets/entry.client-C.js");
    // Nothing of the script is lost: every statement left is one the rewrite keeps, and none is an import.
    const rest = statements.join("\n");
    expect(rest).not.toMatch(/\bimport\s*[*"{]/);
    expect(rest).toContain("const route1 = {...route1_clientLoader,...route1_main};");
    expect(rest).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};');
    expect(rest).toContain('import("/assets/entry.client-C.js");');
    const tokens = (text: string) => text.replaceAll(/[\s;]+/g, "");
    const kept = [
      ...imports.map(({ name, specifier }) => (name ? `import * as ${name} from ${specifier}` : `import ${specifier}`)),
      ...statements,
    ];
    expect(tokens(kept.join("\n"))).toBe(tokens(script.body));
  });

  it("has its module preloads in the head, and none once they are taken out", async () => {
    const html = await renderedPage(routeDiscovery);
    expect(html).toMatch(/<link rel="modulepreload" href="\/assets\/entry.client-C.js"/);
    expect(html).toContain('href="/assets/framework-F.js"');
    const without = withoutModulePreloads(html);
    expect(without).not.toContain("modulepreload");
    expect(without).toContain("<h1>Home</h1>");
  });

  it("rewritten (hydrate-after-paint.ts), imports nothing statically and binds every name the route modules are given", async () => {
    const html = hydrateAfterPaint(await renderedPage(routeDiscovery), { moment: "interaction" });
    const body = findHydrationScript(html)?.body ?? "";
    expect(body).not.toMatch(/^\s*import\s*[*"]/m);
    expect(html).not.toContain('rel="modulepreload"');
    const bound = /const \[([^\]]*)\] = await Promise\.all/.exec(body)?.[1]?.split(", ") ?? [];
    expect(bound).toEqual(expect.arrayContaining(["route0", "route1_clientLoader", "route1_main"]));
  });
});
