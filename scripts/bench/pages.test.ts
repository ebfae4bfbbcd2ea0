import { describe, expect, it } from "vitest";
import { pagePaths, pagesToMeasure } from "./pages.ts";

describe("pagesToMeasure", () => {
  it("measures every page in every language by default", () => {
    const pages = pagesToMeasure();
    expect(pages).toHaveLength(pagePaths.length * 3);
    expect(pages?.filter((page) => page.path === "/").map((page) => page.url)).toEqual(["/", "/es", "/fr"]);
  });

  it("takes one page in three languages, or in one", () => {
    expect(pagesToMeasure("/about")?.map((page) => page.url)).toEqual(["/about", "/es/about", "/fr/about"]);
    expect(pagesToMeasure("/es/about/")?.map((page) => page.url)).toEqual(["/es/about"]);
    expect(pagesToMeasure("/fr")?.map((page) => page.url)).toEqual(["/fr"]);
  });

  it("knows no other page", () => {
    expect(pagesToMeasure("/nowhere")).toBeUndefined();
  });
});
