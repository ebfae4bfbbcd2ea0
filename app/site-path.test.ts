import { describe, expect, it } from "vitest";
import { isSitePath, safeReturnPath, singleLeadingSlash } from "./site-path";

describe("isSitePath", () => {
  it("takes a path of this site, not another origin", () => {
    expect(isSitePath("/api/country")).toBe(true);
    expect(isSitePath("//evil.example/x")).toBe(false);
    expect(isSitePath("/\\evil.example/x")).toBe(false);
    expect(isSitePath("https://evil.example/x")).toBe(false);
  });
});

describe("safeReturnPath", () => {
  const next = (value: string | null | undefined) => safeReturnPath(value, "/admin", "/admin/orders");

  it("keeps a console page with its query", () => {
    expect(next("/admin/orders/NS-7F3K-9QXD")).toBe("/admin/orders/NS-7F3K-9QXD");
    expect(next("/admin/orders?status=paid&q=ana")).toBe("/admin/orders?status=paid&q=ana");
    expect(next("/admin")).toBe("/admin");
  });

  it("resolves what a browser would, and keeps the result only inside the area", () => {
    expect(next("/admin/messages/../orders")).toBe("/admin/orders");
    expect(next("/admin/./audit")).toBe("/admin/audit");
    expect(next("/admin/../checkout")).toBe("/admin/orders");
    expect(next("/admin/%2e%2e/checkout")).toBe("/admin/orders");
    expect(next("/admin/%2E%2E/%2e%2e/blog")).toBe("/admin/orders");
    expect(next("/admin/..")).toBe("/admin/orders");
  });

  it("refuses another site, however it is spelled", () => {
    for (const value of [
      "//evil.example",
      "///evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "https://evil.example/admin",
      "javascript:alert(1)",
      "/admin\\..\\..\\evil.example",
      "/\t/evil.example",
      "/admin/\t/evil.example",
      "/\n/evil.example",
      "/admin\r\nSet-Cookie: a=b",
      "/admin\u0000",
      "/admin\u007f",
      "admin/orders",
    ]) {
      expect(next(value), JSON.stringify(value)).toBe("/admin/orders");
    }
  });

  it("refuses a path that only starts like the area", () => {
    expect(next("/administrator")).toBe("/admin/orders");
    expect(next("/admin-evil")).toBe("/admin/orders");
  });

  it("falls back when there is nothing", () => {
    expect(next(null)).toBe("/admin/orders");
    expect(next(undefined)).toBe("/admin/orders");
    expect(next("")).toBe("/admin/orders");
  });
});

describe("singleLeadingSlash", () => {
  it("never starts with two slashes or a backslash", () => {
    expect(singleLeadingSlash("//evil.example/x")).toBe("/evil.example/x");
    expect(singleLeadingSlash("/\\evil.example")).toBe("/evil.example");
    expect(singleLeadingSlash("/blog")).toBe("/blog");
    expect(singleLeadingSlash("")).toBe("/");
  });
});
