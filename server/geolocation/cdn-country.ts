/**
 * The visitor's country as a CDN in front of the server found it, from the header it adds to every request
 * it forwards: Cloudflare's `CF-IPCountry` (with IP Geolocation on), CloudFront's `CloudFront-Viewer-Country`
 * (when the origin request policy forwards it) and Vercel's `X-Vercel-IP-Country`. The caller reads them only
 * behind a trusted proxy (TRUST_PROXY): without one a visitor could send any of them. Even then a proxy that
 * passes them on unchanged lets a visitor choose their own country, which only picks their own language.
 */
const countryHeaders = ["cf-ipcountry", "cloudfront-viewer-country", "x-vercel-ip-country"];

/** Codes that name no country: Cloudflare's XX (unknown) and T1 (Tor), and ZZ (unknown territory). */
const notCountries = new Set(["XX", "T1", "ZZ"]);

export function countryFromCdn(headers: Headers): string | null {
  for (const name of countryHeaders) {
    const value = headers.get(name)?.trim().toUpperCase() ?? "";
    if (/^[A-Z]{2}$/.test(value) && !notCountries.has(value)) return value;
  }
  return null;
}
