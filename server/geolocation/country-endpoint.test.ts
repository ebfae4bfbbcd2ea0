import { describe, expect, it, vi } from "vitest";
import { countryFromCdn } from "./cdn-country.ts";
import type { CountryDatabase } from "./country-database.ts";
import { answerCountry, visitorCountry } from "./country-endpoint.ts";

/** A database that places every address in Spain, and counts how often it was asked for. */
function spain() {
  const database: CountryDatabase = { countryOf: () => "ES" };
  return vi.fn(async () => database);
}

describe("the country of a CDN's header", () => {
  it.each<[Record<string, string>, string]>([
    [{ "cf-ipcountry": "FR" }, "FR"],
    [{ "cloudfront-viewer-country": "mx" }, "MX"],
    [{ "x-vercel-ip-country": " BE " }, "BE"],
    [{ "cf-ipcountry": "XX", "cloudfront-viewer-country": "ES" }, "ES"],
  ])("reads %j as %s", (headers, country) => {
    expect(countryFromCdn(new Headers(headers))).toBe(country);
  });

  it.each<Record<string, string>>([
    {},
    { "cf-ipcountry": "XX" },
    { "cf-ipcountry": "T1" },
    { "cf-ipcountry": "ZZ" },
    { "cf-ipcountry": "FRA" },
    { "cf-ipcountry": "F1" },
    { "cf-ipcountry": "" },
    { "x-vercel-ip-country": "es,fr" },
  ])("finds no country in %j", (headers) => {
    expect(countryFromCdn(new Headers(headers))).toBeNull();
  });
});

describe("the visitor's country", () => {
  const cdn = new Headers({ "cf-ipcountry": "FR" });

  it("comes from the CDN's header only behind a trusted proxy", async () => {
    const database = spain();
    expect(await visitorCountry({ headers: cdn, address: "8.8.8.8", trustProxy: true }, database)).toBe("FR");
    expect(database).not.toHaveBeenCalled();
    expect(await visitorCountry({ headers: cdn, address: "8.8.8.8", trustProxy: false }, database)).toBe("ES");
    expect(database).toHaveBeenCalledTimes(1);
  });

  it("comes from the database when the CDN's header is missing or malformed", async () => {
    const headers = new Headers({ "cf-ipcountry": "T1", "x-vercel-ip-country": "<script>" });
    expect(await visitorCountry({ headers, address: "2a02:9000::1", trustProxy: true }, spain())).toBe("ES");
  });

  it.each(["127.0.0.1", "::1", "::ffff:127.0.0.1", "10.0.0.2", "192.168.1.1", "fd00::1", "unknown", undefined])(
    "is unknown for %s, without reading the database",
    async (address) => {
      const database = spain();
      expect(await visitorCountry({ headers: new Headers(), address, trustProxy: false }, database)).toBeNull();
      expect(database).not.toHaveBeenCalled();
    },
  );

  it("is answered as private JSON that no cache keeps", async () => {
    const response = await answerCountry(new Request("http://localhost/api/country", { headers: cdn }), "127.0.0.1", true);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ country: "FR" });
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("vary")).toBe("*");
    const unknown = await answerCountry(new Request("http://localhost/api/country"), "127.0.0.1", false);
    expect(await unknown.json()).toEqual({ country: null });
  });
});
