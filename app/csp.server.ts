import { geolocationEndpoint, geolocationOrigin } from "./geolocation.server";
import { paymentTraits } from "./service-host.server";

interface PolicyOptions {
  nonce: string;
  /** Where the language detection asks for the visitor's country: a path of this site, or another origin's URL. */
  geolocationEndpoint: string;
  /** The processor's hosted payment page, when the checkout sends visitors there. */
  checkoutOrigin?: string | null;
}

/**
 * The Content-Security-Policy of a rendered page: scripts only from this origin or carrying the
 * response's nonce, no inline script without it, no plug-ins, no framing, forms posting only here (and, with a
 * processor's hosted page, redirected there: browsers apply `form-action` to a form's redirects too).
 * `connect-src` is this site alone, unless the operator sends the language detection to another origin.
 */
export function contentSecurityPolicy({ nonce, geolocationEndpoint, checkoutOrigin }: PolicyOptions): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    ["connect-src 'self'", geolocationOrigin(geolocationEndpoint)].filter(Boolean).join(" "),
    "object-src 'none'",
    "base-uri 'none'",
    ["form-action 'self'", checkoutOrigin].filter(Boolean).join(" "),
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The policy of this server's pages, as configured. */
export function pageContentSecurityPolicy(nonce: string): string {
  return contentSecurityPolicy({ nonce, geolocationEndpoint, checkoutOrigin: paymentTraits.checkoutOrigin });
}
