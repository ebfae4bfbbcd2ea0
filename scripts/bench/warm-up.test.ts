import { describe, expect, it } from "vitest";
import { assetPaths } from "./warm-up.ts";

describe("assetPaths", () => {
  it("finds the stylesheet, the scripts and the modules imported from inline scripts, each once", () => {
    const html = `<link rel="stylesheet" href="/assets/app-C1x.css"/><script type="module">import("/assets/entry.client-a_B.js");
      import * as route0 from "/assets/root-Xy9.js";</script><script src="/assets/root-Xy9.js"></script><img src="/images/hero.avif">`;
    expect(assetPaths(html)).toEqual(["/assets/app-C1x.css", "/assets/entry.client-a_B.js", "/assets/root-Xy9.js"]);
  });

  it("finds nothing in a page without built files", () => {
    expect(assetPaths("<p>/assets/ is a folder</p>")).toEqual([]);
  });
});
