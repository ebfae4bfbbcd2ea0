import wakeAfterPaint from "virtual:page-script/wake-after-paint";
import wakeAfterPaintDetecting from "virtual:page-script/wake-after-paint-detecting";
import wakeAtInteraction from "virtual:page-script/wake-at-interaction";
import wakeAtInteractionDetecting from "virtual:page-script/wake-at-interaction-detecting";
import { describe, expect, it } from "vitest";
import { deferredHydrationScript, hydrateAfterPaint } from "./hydrate-after-paint";

// What React Router's <Scripts> renders, trimmed to its shape (react-router-output.test.tsx renders the real one).
const body = `;
import * as route0 from "/assets/root-A.js";
import * as route1_clientLoader from "/assets/home-loader-B.js";
import * as route1_main from "/assets/home-B.js";
const route1 = {...route1_clientLoader,...route1_main};
  window.__reactRouterManifest = {"entry": {"module": "/assets/entry.client-C.js"}};
  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};

import("/assets/entry.client-C.js");`;

const page = `<html><head><link rel="modulepreload" href="/assets/entry.client-C.js" nonce="n"/><link rel="modulepreload" href="/assets/react-D.js" nonce="n"/><link rel="stylesheet" href="/assets/app.css"/></head><body><h1>Hi</h1><script nonce="n">window.__reactRouterContext = {};</script><script nonce="n" type="module" async="">${body}</script></body></html>`;

const detection = { script: "/assets/language-detection-A.js", endpoint: "https://geo.example/json", timeoutMs: 5000 };

describe("hydrateAfterPaint", () => {
  const html = hydrateAfterPaint(page);

  it("takes every module preload out of the page and leaves the rest of the head", () => {
    expect(html).not.toContain('modulepreload" href');
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(html).toContain('<script nonce="n">window.__reactRouterContext = {};</script>');
  });

  it("leaves no static import: a module script's static imports are fetched before it runs", () => {
    expect(html).not.toMatch(/^\s*import \* as/m);
    expect(html).not.toMatch(/^\s*import "/m);
  });

  it("runs the page's script with the client entry first, then imports the route modules under their names", () => {
    const lines = deferredHydrationScript(body).split("\n");
    expect(lines.slice(0, 3)).toEqual([
      wakeAfterPaint,
      'await pageScript("/assets/entry.client-C.js");',
      'const [route0, route1_clientLoader, route1_main] = await Promise.all([import("/assets/root-A.js"), import("/assets/home-loader-B.js"), import("/assets/home-B.js")]);',
    ]);
    const script = lines.join("\n");
    expect(script.indexOf("window.__reactRouterRouteModules")).toBeLessThan(script.indexOf('import("/assets/entry.client-C.js")'));
    expect(script).toContain("const route1 = {...route1_clientLoader,...route1_main};");
  });

  it("writes the script of the page's moment, with the language detection only where it runs (app/browser/wake.test.ts)", () => {
    const scriptOf = (options: Parameters<typeof deferredHydrationScript>[1]) => deferredHydrationScript(body, options).split("\n")[0];
    expect(scriptOf({ moment: "paint" })).toBe(wakeAfterPaint);
    expect(scriptOf({ moment: "interaction" })).toBe(wakeAtInteraction);
    expect(scriptOf({ moment: "paint", detection })).toBe(wakeAfterPaintDetecting);
    expect(scriptOf({ moment: "interaction", detection })).toBe(wakeAtInteractionDetecting);
    expect(new Set([wakeAfterPaint, wakeAtInteraction, wakeAfterPaintDetecting, wakeAtInteractionDetecting]).size).toBe(4);
    expect(deferredHydrationScript(body, { moment: "interaction", detection }).split("\n")[1]).toBe(
      'await pageScript("/assets/entry.client-C.js","/assets/language-detection-A.js","https://geo.example/json",5000);',
    );
  });

  it("cannot be ended early by a configured URL: `<` is escaped in what the script is handed", () => {
    const script = deferredHydrationScript(body, {
      moment: "paint",
      detection: { ...detection, endpoint: "https://geo.example/</script>" },
    });
    expect(script).not.toContain("</script>");
    expect(script).toContain("https://geo.example/\\u003c/script>");
  });

  it("keeps a module imported for its effects only, leaving a hole in the names", () => {
    const script = deferredHydrationScript('import "/assets/manifest.js";\nimport * as route0 from "/assets/root-A.js";\nimport("/e.js");');
    expect(script).toContain('const [, route0] = await Promise.all([import("/assets/manifest.js"), import("/assets/root-A.js")]);');
  });

  it("leaves a page without React Router's scripts as it is", () => {
    const plain = '<html><head><link rel="modulepreload" href="/x.js"/></head><body></body></html>';
    expect(hydrateAfterPaint(plain)).toBe(plain);
  });
});
