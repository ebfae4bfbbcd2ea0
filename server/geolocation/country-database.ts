/**
 * The visitor's country from their address, looked up on this server in the IP-to-country database of the
 * npm package @ip-location-db/geo-whois-asn-country-mmdb (data of the Number Resource Organization, CC BY 4.0:
 * credited in the README and the privacy page), read with mmdb-lib, the reader of the `maxmind` package
 * (docs/decisions/0046-ip-to-country-reader.md). No address leaves the server, and none is kept or logged.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import { type Response as MmdbResponse, Reader } from "mmdb-lib";
import { logger } from "../logger.ts";
import type { Address } from "./ip-address.ts";

export interface CountryDatabase {
  /** The two-letter country of an address, or null when it is in no range. */
  countryOf(address: Address): string | null;
}

/** The package's one MaxMind DB file, IPv4 and IPv6 in one tree. */
export function packagedCountryFile(): string {
  const folder = dirname(createRequire(import.meta.url).resolve("@ip-location-db/geo-whois-asn-country-mmdb/package.json"));
  return join(folder, "geo-whois-asn-country.mmdb");
}

/** This data's record, `{ country_code }`, added to mmdb-lib's record types: they name only MaxMind's own. */
type CountryRecord = MmdbResponse & { country_code?: string };

/**
 * Reads a MaxMind DB file whose records are `{ country_code: "ES" }`; rejects, naming the file, when it is
 * missing, not such a file, shorter than its search tree, or has no IPv6 tree (an IPv4-only tree would answer
 * IPv6 addresses wrongly).
 */
export async function readCountryDatabase(file: string): Promise<CountryDatabase> {
  const bytes = await readFile(file);
  let reader: Reader<CountryRecord>;
  try {
    // The records are one per country: a map of them decoded spares a new object per lookup.
    reader = new Reader<CountryRecord>(bytes, { cache: new Map() });
  } catch (error) {
    throw new Error(`${basename(file)} is not a MaxMind DB file: ${(error as Error).message}`);
  }
  if (reader.metadata.searchTreeSize > bytes.length) throw new Error(`${basename(file)} is shorter than its search tree`);
  if (reader.metadata.ipVersion !== 6) throw new Error(`${basename(file)} has no IPv6 tree`);
  return { countryOf: (address) => reader.get(addressText(address))?.country_code ?? null };
}

/** The address as mmdb-lib reads it: dotted IPv4, or IPv6 as its eight groups. */
function addressText({ family, words }: Address): string {
  if (family === 4) return [24, 16, 8, 0].map((shift) => ((words[0] ?? 0) >>> shift) & 0xff).join(".");
  return words.flatMap((word) => [(word >>> 16).toString(16), (word & 0xffff).toString(16)]).join(":");
}

/** What answers when the database cannot be read: the detection then falls back to the browser's language. */
const noCountries: CountryDatabase = { countryOf: () => null };

/**
 * Reads the database on first use, once; every caller shares that one reading. If it fails, the site goes on
 * without countries and says so once in the log.
 */
export function readOnce(read: () => Promise<CountryDatabase>): () => Promise<CountryDatabase> {
  let database: Promise<CountryDatabase> | undefined;
  return () => {
    database ??= read().catch((error: unknown) => {
      logger.error(
        { err: error },
        "The IP-to-country database could not be read; the language detection falls back to the browser language",
      );
      return noCountries;
    });
    return database;
  };
}

export const countryDatabase = readOnce(async () => readCountryDatabase(packagedCountryFile()));
