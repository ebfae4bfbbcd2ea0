import { geolocationEndpoint } from "./geolocation.server";
import { paymentTraits } from "./services.server";

/**
 * The Content-Security-Policy of a rendered page: scripts only from this origin or carrying the
 * response's nonce, no inline script without it, no plug-ins, no framing, forms posting only here (and, with a
 * processor's hosted page, redirected there: browsers apply `form-action` to a form's redirects too).
 * `connect-src` admits the geolocation service the language detection asks.
 */
export function pageContentSecurityPolicy(nonce: string): string {
  const geolocationOrigin = new URL(geolocationEndpoint).origin;
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${geolocationOrigin}`,
    "object-src 'none'",
    "base-uri 'none'",
    ["form-action 'self'", paymentTraits.checkoutOrigin].filter(Boolean).join(" "),
    "frame-ancestors 'none'",
  ].join("; ");
}
