/**
 * Headers every response carries. Rendered pages set their own Content-Security-Policy with a fresh nonce,
 * and their own Cross-Origin-Opener-Policy (app/opener-policy.server.ts: only a page that shows someone's
 * records is isolated). Everything else gets a policy that allows nothing, which is right for files and data,
 * and is isolated: a receipt's PDF opened in a tab is someone's record.
 */
const commonHeaders: Record<string, string> = {
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), usb=(), interest-cohort=(), browsing-topics=()",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Resource-Policy": "same-origin",
};

/** What a response gets where it did not set its own. */
const defaultHeaders: Record<string, string> = {
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  "Cross-Origin-Opener-Policy": "same-origin",
};

export function applySecurityHeaders(headers: Headers): void {
  for (const [name, value] of Object.entries(commonHeaders)) headers.set(name, value);
  for (const [name, value] of Object.entries(defaultHeaders)) if (!headers.has(name)) headers.set(name, value);
}
