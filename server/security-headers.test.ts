import { describe, expect, it } from "vitest";
import { pageContentSecurityPolicy } from "../app/csp.server";
import { applySecurityHeaders } from "./security-headers.ts";

describe("security headers", () => {
  it("adds the baseline to every response and a deny-all policy where none was set", () => {
    const headers = new Headers();
    applySecurityHeaders(headers);
    expect(headers.get("Strict-Transport-Security")).toMatch(/max-age=\d{8}/);
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("Permissions-Policy")).toContain("camera=()");
    expect(headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    expect(headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
  });

  it("keeps a page's own policy", () => {
    const headers = new Headers({ "Content-Security-Policy": pageContentSecurityPolicy("abc") });
    applySecurityHeaders(headers);
    expect(headers.get("Content-Security-Policy")).toContain("'nonce-abc'");
  });

  it("allows page scripts only from here or with the nonce", () => {
    const policy = pageContentSecurityPolicy("n0nce");
    const scriptSrc = policy.split("; ").find((directive) => directive.startsWith("script-src"));
    expect(scriptSrc).toBe("script-src 'self' 'nonce-n0nce'");
    expect(policy).not.toContain("unsafe-inline");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("connect-src 'self' https://");
  });
});
