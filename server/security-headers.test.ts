import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, pageContentSecurityPolicy } from "../app/csp.server";
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
    expect(headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
  });

  it("keeps a page's own policies", () => {
    const headers = new Headers({
      "Content-Security-Policy": pageContentSecurityPolicy("abc"),
      "Cross-Origin-Opener-Policy": "unsafe-none",
    });
    applySecurityHeaders(headers);
    expect(headers.get("Content-Security-Policy")).toContain("'nonce-abc'");
    expect(headers.get("Cross-Origin-Opener-Policy")).toBe("unsafe-none");
  });

  it("allows page scripts only from here or with the nonce", () => {
    const policy = pageContentSecurityPolicy("n0nce");
    const scriptSrc = policy.split("; ").find((directive) => directive.startsWith("script-src"));
    expect(scriptSrc).toBe("script-src 'self' 'nonce-n0nce'");
    expect(policy).not.toContain("unsafe-inline");
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it("lets a page connect only to this site: the language detection asks this server by default", () => {
    const directive = (policy: string, name: string) => policy.split("; ").find((part) => part.startsWith(`${name} `));
    expect(directive(pageContentSecurityPolicy("n0nce"), "connect-src")).toBe("connect-src 'self'");
    expect(directive(contentSecurityPolicy({ nonce: "n", geolocationEndpoint: "/api/country" }), "connect-src")).toBe("connect-src 'self'");
  });

  it("admits the origin of a geolocation service the operator configured, and a processor's hosted page for forms", () => {
    const policy = contentSecurityPolicy({
      nonce: "n",
      geolocationEndpoint: "https://geo.example.com/json/?fields=country",
      checkoutOrigin: "https://checkout.stripe.com",
    });
    expect(policy).toContain("connect-src 'self' https://geo.example.com;");
    expect(policy).toContain("form-action 'self' https://checkout.stripe.com;");
  });
});
