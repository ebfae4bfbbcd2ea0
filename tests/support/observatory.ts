/**
 * The MDN HTTP Observatory's header tests and their score modifiers (developer.mozilla.org/en-US/observatory/docs/tests_and_scoring),
 * applied to one response's headers. The scanner itself (`@mdn/mdn-http-observatory`) only scans public
 * host names over the network, so the same rules are checked here against the local server.
 *
 * Not covered here, because they depend on the TLS front of a real deployment: the HTTP to HTTPS
 * redirection and HSTS being honoured over HTTPS (the header itself is checked).
 */
export interface Finding {
  test: string;
  result: string;
  modifier: number;
}

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = "", ...values]) => [name.toLowerCase(), values]),
  );
}

function contentSecurityPolicy(policy: string | undefined): Finding {
  const test = "content-security-policy";
  if (!policy) return { test, result: "csp-not-implemented", modifier: -25 };
  const csp = directives(policy);
  const scripts = csp.get("script-src") ?? csp.get("default-src") ?? [];
  const styles = csp.get("style-src") ?? csp.get("default-src") ?? [];
  const allowsInlineScript = scripts.includes("'unsafe-inline'") && !scripts.some((value) => /^'(nonce|sha256|sha384|sha512)-/.test(value));
  if (allowsInlineScript) return { test, result: "csp-implemented-with-unsafe-inline", modifier: -20 };
  if (scripts.includes("'unsafe-eval'")) return { test, result: "csp-implemented-with-unsafe-eval", modifier: -10 };
  if (scripts.some((value) => ["*", "http:", "https:", "data:"].includes(value)))
    return { test, result: "csp-implemented-with-insecure-scheme", modifier: -20 };
  if (styles.includes("'unsafe-inline'")) return { test, result: "csp-implemented-with-unsafe-inline-in-style-src-only", modifier: 0 };
  const defaultNone = csp.get("default-src")?.join(" ") === "'none'";
  return defaultNone
    ? { test, result: "csp-implemented-with-no-unsafe-default-src-none", modifier: 10 }
    : { test, result: "csp-implemented-with-no-unsafe", modifier: 5 };
}

function cookies(setCookies: string[]): Finding {
  const test = "cookies";
  if (setCookies.length === 0) return { test, result: "cookies-not-found", modifier: 0 };
  const attributes = setCookies.map((cookie) => cookie.toLowerCase());
  if (attributes.some((cookie) => !/;\s*secure/.test(cookie))) return { test, result: "cookies-without-secure-flag", modifier: -20 };
  if (attributes.some((cookie) => !/;\s*samesite=(strict|lax|none)/.test(cookie)))
    return { test, result: "cookies-secure-with-httponly-sessions", modifier: 0 };
  return { test, result: "cookies-secure-with-httponly-sessions-and-samesite", modifier: 5 };
}

function crossOriginResourceSharing(allowOrigin: string | undefined): Finding {
  const test = "cross-origin-resource-sharing";
  if (allowOrigin === "*") return { test, result: "cross-origin-resource-sharing-implemented-with-universal-access", modifier: -50 };
  return {
    test,
    result: allowOrigin
      ? "cross-origin-resource-sharing-implemented-with-restricted-access"
      : "cross-origin-resource-sharing-not-implemented",
    modifier: 0,
  };
}

function referrerPolicy(policy: string | undefined): Finding {
  const test = "referrer-policy";
  if (!policy) return { test, result: "referrer-policy-not-implemented", modifier: 0 };
  const last =
    policy
      .split(",")
      .map((value) => value.trim().toLowerCase())
      .at(-1) ?? "";
  if (["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"].includes(last)) {
    return { test, result: "referrer-policy-private", modifier: 5 };
  }
  if (["origin", "origin-when-cross-origin", "unsafe-url"].includes(last)) return { test, result: "referrer-policy-unsafe", modifier: -5 };
  return { test, result: "referrer-policy-header-invalid", modifier: -5 };
}

function strictTransportSecurity(header: string | undefined): Finding {
  const test = "strict-transport-security";
  if (!header) return { test, result: "hsts-not-implemented", modifier: -20 };
  const maxAge = Number(header.match(/max-age=(\d+)/i)?.[1] ?? Number.NaN);
  if (Number.isNaN(maxAge)) return { test, result: "hsts-header-invalid", modifier: -20 };
  if (maxAge < 15_768_000) return { test, result: "hsts-implemented-max-age-less-than-six-months", modifier: -10 };
  return { test, result: "hsts-implemented-max-age-at-least-six-months", modifier: 0 };
}

function contentTypeOptions(header: string | undefined): Finding {
  const test = "x-content-type-options";
  return header?.toLowerCase() === "nosniff"
    ? { test, result: "x-content-type-options-nosniff", modifier: 0 }
    : { test, result: header ? "x-content-type-options-header-invalid" : "x-content-type-options-not-implemented", modifier: -5 };
}

function frameOptions(header: string | undefined, policy: string | undefined): Finding {
  const test = "x-frame-options";
  const ancestors = policy ? directives(policy).get("frame-ancestors") : undefined;
  if (ancestors && !ancestors.includes("*")) return { test, result: "x-frame-options-implemented-via-csp", modifier: 5 };
  if (header && ["deny", "sameorigin"].includes(header.toLowerCase()))
    return { test, result: "x-frame-options-sameorigin-or-deny", modifier: 0 };
  return { test, result: "x-frame-options-not-implemented", modifier: -20 };
}

function crossOriginResourcePolicy(header: string | undefined): Finding {
  const test = "cross-origin-resource-policy";
  if (!header) return { test, result: "corp-not-implemented", modifier: 0 };
  return ["same-origin", "same-site", "cross-origin"].includes(header.toLowerCase())
    ? { test, result: `corp-implemented-with-${header.toLowerCase()}`, modifier: 0 }
    : { test, result: "corp-header-invalid", modifier: -5 };
}

/** Every finding for one response; the score starts at 100 and bonuses count only once it is at least 90. */
export function observatory(
  headers: Record<string, string>,
  setCookies: string[] = [],
): { score: number; grade: string; findings: Finding[] } {
  const findings = [
    contentSecurityPolicy(headers["content-security-policy"]),
    cookies(setCookies),
    crossOriginResourceSharing(headers["access-control-allow-origin"]),
    referrerPolicy(headers["referrer-policy"]),
    strictTransportSecurity(headers["strict-transport-security"]),
    contentTypeOptions(headers["x-content-type-options"]),
    frameOptions(headers["x-frame-options"], headers["content-security-policy"]),
    crossOriginResourcePolicy(headers["cross-origin-resource-policy"]),
  ];
  const penalties = findings.reduce((sum, finding) => sum + Math.min(finding.modifier, 0), 100);
  const score = penalties >= 90 ? penalties + findings.reduce((sum, finding) => sum + Math.max(finding.modifier, 0), 0) : penalties;
  const grade = score >= 100 ? "A+" : score >= 90 ? "A" : score >= 85 ? "A-" : score >= 80 ? "B+" : score >= 70 ? "B" : "below B";
  return { score, grade, findings };
}
