import { describe, expect, it } from "vitest";
import { faviconHref, svgDataUrl } from "./favicon";

describe("svgDataUrl", () => {
  it("keeps the drawing, drops the indentation and escapes what a URL cannot carry", () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg">\n  <path fill="#7c3aed" d="M0 0 L1 1"/>\n  <text>it's</text>\n</svg>\n`;
    const url = svgDataUrl(svg);
    expect(url).toBe(
      "data:image/svg+xml,%3Csvg%20xmlns=%22http://www.w3.org/2000/svg%22%3E%3Cpath%20fill=%22%237c3aed%22%20d=%22M0%200%20L1%201%22/%3E%3Ctext%3Eit%27s%3C/text%3E%3C/svg%3E",
    );
    expect(decodeURIComponent(url.slice("data:image/svg+xml,".length))).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><path fill="#7c3aed" d="M0 0 L1 1"/><text>it\'s</text></svg>',
    );
  });

  it("makes the brand's logo the icon, with no space or quote", () => {
    expect(faviconHref).toMatch(/^data:image\/svg\+xml,%3Csvg%20/);
    expect(faviconHref).not.toMatch(/["' ]/);
    expect(faviconHref.length).toBeLessThan(1000);
  });
});
