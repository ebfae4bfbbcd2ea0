import { countryFromCdn } from "./cdn-country.ts";
import { type CountryDatabase, countryDatabase } from "./country-database.ts";
import { parseAddress } from "./ip-address.ts";
import { isPublicAddress } from "./public-address.ts";

/**
 * Where the browser's language detection asks for the visitor's country by default (`geolocation.endpoint`
 * of content/site.ts): this server answers, so the visitor's address goes nowhere else.
 */
export const countryPath = "/api/country";

export interface Visitor {
  headers: Headers;
  /** The address the request came from, as the HTTP layer took it (X-Forwarded-For only behind a trusted proxy). */
  address: string | undefined;
  trustProxy: boolean;
}

/** The visitor's country: the trusted CDN's header when there is one, else their address in the database. */
export async function visitorCountry(
  { headers, address, trustProxy }: Visitor,
  database: () => Promise<CountryDatabase> = countryDatabase,
): Promise<string | null> {
  const fromCdn = trustProxy ? countryFromCdn(headers) : null;
  if (fromCdn) return fromCdn;
  const parsed = parseAddress(address ?? "");
  // A local or private address (a visitor on this machine or network) has no country: the database is not even read.
  if (!parsed || !isPublicAddress(parsed)) return null;
  return (await database()).countryOf(parsed);
}

/**
 * `{"country":"ES"}`, or `{"country":null}` when unknown (the detection then uses the browser's language).
 * The answer is this visitor's alone: no cache may keep it or give it to anyone else (`Vary: *`: it depends on
 * the address, which no header names).
 */
export async function answerCountry(request: Request, address: string | undefined, trustProxy: boolean): Promise<Response> {
  const country = await visitorCountry({ headers: request.headers, address, trustProxy });
  return Response.json({ country }, { headers: { "Cache-Control": "private, no-store", Vary: "*" } });
}
