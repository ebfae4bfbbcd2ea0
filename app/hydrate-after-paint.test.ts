import { describe, expect, it } from "vitest";
import { deferredHydrationScript, hydrateAfterPaint, manifestPath } from "./hydrate-after-paint";

// What React Router's <Scripts> renders, trimmed to its shape.
const body = `;
import * as route0 from "/assets/root-A.js";
import * as route1_clientLoader from "/assets/home-loader-B.js";
import * as route1_main from "/assets/home-B.js";
const route1 = {...route1_clientLoader,...route1_main};
  window.__reactRouterManifest = {"entry": {"module": "/assets/entry.client-C.js"}};
  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};

import("/assets/entry.client-C.js");`;

const page = `<html><head><link rel="modulepreload" href="/assets/entry.client-C.js" nonce="n"/><link rel="modulepreload" href="/assets/react-D.js" nonce="n"/><link rel="stylesheet" href="/assets/app.css"/></head><body><h1>Hi</h1><script nonce="n">window.__reactRouterContext = {};</script><script nonce="n" type="module" async="">${body}</script></body></html>`;

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

  it("waits for a paint first, then preloads the client entry and imports the route modules under their names", () => {
    const script = deferredHydrationScript(body);
    const lines = script.split("\n");
    const preload = lines.findIndex((line) => line.includes("modulepreload"));
    expect(script.slice(0, script.indexOf("modulepreload"))).toContain('getEntriesByName("first-contentful-paint")');
    expect(lines[preload]).toBe(
      'document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href: "/assets/entry.client-C.js" }));',
    );
    expect(lines[preload + 1]).toBe(
      'const [route0, route1_clientLoader, route1_main] = await Promise.all([import("/assets/root-A.js"), import("/assets/home-loader-B.js"), import("/assets/home-B.js")]);',
    );
    expect(script.indexOf("window.__reactRouterRouteModules")).toBeLessThan(script.indexOf('import("/assets/entry.client-C.js")'));
    expect(script).toContain("const route1 = {...route1_clientLoader,...route1_main};");
  });

  it("on a public page, waits for the first interaction too, listening from the start, before importing anything", () => {
    const script = deferredHydrationScript(body, { moment: "interaction" });
    const listening = script.indexOf("addEventListener(type, go, options)");
    const painted = script.indexOf("first-contentful-paint");
    const waited = script.indexOf("await interaction;");
    expect(listening).toBeGreaterThan(-1);
    expect(listening).toBeLessThan(painted);
    expect(painted).toBeLessThan(waited);
    expect(waited).toBeLessThan(script.indexOf("modulepreload"));
    expect(waited).toBeLessThan(script.indexOf('import("/assets/root-A.js")'));
    for (const type of ["pointerdown", "touchstart", "keydown", "focusin", "scroll", "wheel"]) expect(script).toContain(`"${type}"`);
  });

  it("on a public page, closes the open menu when a link in it is chosen, until the app has woken", () => {
    const script = deferredHydrationScript(body, { moment: "interaction" });
    expect(script).toContain('addEventListener("click", closeMenuOnLink, true);');
    expect(script.indexOf("closeMenuOnLink")).toBeLessThan(script.indexOf("first-contentful-paint"));
    expect(deferredHydrationScript(body, { moment: "paint" })).not.toContain("closeMenuOnLink");
  });

  it("runs the code given for after the paint before waiting for the interaction, and only once painted", () => {
    const script = deferredHydrationScript(body, { moment: "interaction", afterPaint: "detect();" });
    expect(script.indexOf("detect();")).toBeGreaterThan(script.indexOf("first-contentful-paint"));
    expect(script.indexOf("detect();")).toBeLessThan(script.indexOf("await interaction;"));
    expect(deferredHydrationScript(body, { moment: "paint" })).not.toContain("interaction");
  });

  it("announces the web manifest once painted, at either moment, before waiting for anything else", () => {
    for (const moment of ["paint", "interaction"] as const) {
      const script = deferredHydrationScript(body, { moment });
      const announced = script.indexOf(`rel: "manifest", href: "${manifestPath}"`);
      expect(announced).toBeGreaterThan(script.indexOf("first-contentful-paint"));
      expect(announced).toBeLessThan(script.indexOf("Promise.all"));
      if (moment === "interaction") expect(announced).toBeLessThan(script.indexOf("await interaction;"));
    }
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
