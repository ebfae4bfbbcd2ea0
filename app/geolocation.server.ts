import { site } from "../content/site";
import { serverConfig } from "../server/config.ts";

/**
 * The IP-geolocation service the browser asks for the visitor's country: `GEOLOCATION_URL` when set
 * (another provider, or a local stand-in for benchmarks and tests; checked by server/config.ts), else the
 * default of content/site.ts.
 */
export const geolocationEndpoint = serverConfig().GEOLOCATION_URL ?? readSiteEndpoint(site.geolocation.endpoint);

function readSiteEndpoint(value: string): string {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  const local = url?.hostname === "localhost" || url?.hostname === "127.0.0.1";
  if (url?.protocol !== "https:" && !(url?.protocol === "http:" && local)) {
    throw new Error(`content/site.ts: "geolocation.endpoint" must be an https:// URL, such as https://ipapi.co/json/ (got "${value}").`);
  }
  return url.href;
}
