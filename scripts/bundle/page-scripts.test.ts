import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { pageScriptName } from "../../app/page-script-call.ts";
import { buildPageScript, pageScriptEntries, pageScripts } from "./page-scripts.ts";

const built = Object.fromEntries(
  await Promise.all(Object.entries(pageScriptEntries).map(async ([name, entry]) => [name, await buildPageScript(entry)] as const)),
);

describe("the page scripts, built", () => {
  it.each(Object.keys(pageScriptEntries))("%s is one minified script that imports nothing and cannot end its element", (name) => {
    const { code } = built[name] ?? { code: "" };
    expect(code).not.toMatch(/\bimport\s*[{*"']|\bexport\s*[{*]|\bfrom\s*["']/);
    expect(code).not.toMatch(/<\/script/i);
    expect(code).not.toContain("\n");
  });

  it("defines the function a page calls, or runs by itself and leaves no name behind (the scroll restoration, a classic script)", () => {
    for (const [name, { code }] of Object.entries(built)) {
      const page: Record<string, unknown> = { performance: { getEntriesByType: () => [{ type: "navigate" }] } };
      runInNewContext(code, page);
      if (name === "restore-scroll-position") expect(Object.keys(page)).toEqual(["performance"]);
      else expect(typeof page[pageScriptName], name).toBe("function");
    }
  });

  it("restores the saved position of a page come back to, before it paints, and nothing on a new visit", () => {
    const { code } = built["restore-scroll-position"] ?? { code: "" };
    const scrolled: number[] = [];
    const window = {
      history: { state: { key: "k1" }, replaceState() {} },
      scrollTo: (_x: number, y: number) => scrolled.push(y),
    };
    const sessionStorage = { getItem: () => JSON.stringify({ k1: 1200 }) };
    runInNewContext(code, { window, sessionStorage, performance: { getEntriesByType: () => [{ type: "back_forward" }] } });
    expect(scrolled).toEqual([1200]);
    runInNewContext(code, { window, sessionStorage, performance: { getEntriesByType: () => [{ type: "navigate" }] } });
    expect(scrolled).toEqual([1200]);
  });

  it("gives the server each script as `virtual:page-script/<name>`, and nothing else", async () => {
    const plugin = pageScripts();
    const resolveId = plugin.resolveId as (id: string) => string | undefined;
    const load = plugin.load as (this: { addWatchFile(file: string): void }, id: string) => Promise<string | undefined>;
    expect(resolveId("virtual:page-script/wake-after-paint")).toBe("\0virtual:page-script/wake-after-paint");
    expect(resolveId("virtual:page-script/painted")).toBeUndefined();
    const module = await load.call({ addWatchFile() {} }, "\0virtual:page-script/wake-after-paint");
    expect(module).toBe(`export default ${JSON.stringify(built["wake-after-paint"]?.code)};`);
  }, 30_000);
});
