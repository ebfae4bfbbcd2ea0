import { site } from "../content/site";

/**
 * The IP-geolocation service the browser asks for the visitor's country: `GEOLOCATION_URL` when set
 * (another provider, or a local stand-in for benchmarks and tests), else the default of content/site.ts.
 */
export const geolocationEndpoint = readEndpoint(process.env.GEOLOCATION_URL ?? site.geolocation.endpoint);

function readEndpoint(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`GEOLOCATION_URL must be an absolute URL, such as https://ipapi.co/json/ (got "${value}").`);
  }
  const local = url.hostname === "localhost" || url.hostname === "127.0.0.1";
  if (url.protocol !== "https:" && !local) throw new Error(`GEOLOCATION_URL must use https (got "${value}").`);
  return url.href;
}
