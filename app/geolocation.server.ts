import { site } from "../content/site";
import { serverConfig } from "../server/config.ts";
import { isSitePath } from "./site-path";

/**
 * Where the browser asks for the visitor's country: `GEOLOCATION_URL` when set (a third-party service, or a
 * local stand-in in tests; checked by server/config.ts), else `geolocation.endpoint` of content/site.ts, by
 * default this site's own `/api/country` (server/geolocation/), so the address goes to no one else.
 */
export const geolocationEndpoint = serverConfig().GEOLOCATION_URL ?? readSiteEndpoint(site.geolocation.endpoint);

/** The origin the page must be allowed to connect to for the detection; null when it is this site itself. */
export function geolocationOrigin(endpoint: string): string | null {
  return isSitePath(endpoint) ? null : new URL(endpoint).origin;
}

// Checked here as well as with the rest of the content, because this runs first, as the server's entry is imported.
function readSiteEndpoint(value: string): string {
  if (isSitePath(value)) return value;
  const url = URL.canParse(value) ? new URL(value) : undefined;
  const local = url?.hostname === "localhost" || url?.hostname === "127.0.0.1";
  if (url?.protocol !== "https:" && !(url?.protocol === "http:" && local)) {
    throw new Error(
      `content/site.ts: "geolocation.endpoint" must be a path of this site, such as /api/country, or an https:// URL (got "${value}").`,
    );
  }
  return url.href;
}
