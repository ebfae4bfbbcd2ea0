import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fileFor, serveStaticSite } from "./static-site.ts";

const root = mkdtempSync(join(tmpdir(), "static-site-"));
mkdirSync(join(root, "about"));
writeFileSync(join(root, "index.html"), "<h1>home</h1>");
writeFileSync(join(root, "about", "index.html"), "<h1>about</h1>");
writeFileSync(join(root, "app.js"), "console.log(1)");
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the reference site's server", () => {
  it("answers a folder with its index.html and nothing outside its folder", () => {
    expect(fileFor(root, "/")).toBe(join(root, "index.html"));
    expect(fileFor(root, "/about/")).toBe(join(root, "about", "index.html"));
    expect(fileFor(root, "/app.js")).toBe(join(root, "app.js"));
    expect(fileFor(root, "/missing.css")).toBeUndefined();
    expect(fileFor(root, "/../../etc/passwd")).toBeUndefined();
    expect(fileFor(root, "/%2e%2e/%2e%2e/etc/passwd")).toBeUndefined();
  });

  it("serves pages and scripts compressed with brotli to a browser that takes it", async () => {
    const site = await serveStaticSite(root, 0);
    try {
      // fetch decodes the body itself; the header says it came compressed.
      const page = await fetch(`${site.base}/about/`, { headers: { "accept-encoding": "br" } });
      expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(page.headers.get("content-encoding")).toBe("br");
      expect(await page.text()).toBe("<h1>about</h1>");
      const script = await fetch(`${site.base}/app.js`, { headers: { "accept-encoding": "identity" } });
      expect(script.headers.get("cache-control")).toContain("immutable");
      expect(await script.text()).toBe("console.log(1)");
      expect((await fetch(`${site.base}/nothing`)).status).toBe(404);
    } finally {
      await site.stop();
    }
  });
});
