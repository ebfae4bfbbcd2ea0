/**
 * The visitor's country from their address, looked up on this server in the IP-to-country database of the
 * npm package @ip-location-db/geo-whois-asn-country (data of the Number Resource Organization, CC BY 4.0:
 * credited in the README and the privacy page). No address leaves the server, and none is kept or logged.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import { setImmediate as letOthersRun } from "node:timers/promises";
import { type Response as MmdbResponse, Reader } from "mmdb-lib";
import { logger } from "../logger.ts";
import { type CountryTable, CountryTableBuilder } from "./country-table.ts";
import type { Address } from "./ip-address.ts";
import { readRangeCsv } from "./range-csv.ts";

export interface CountryDatabase {
  /** The two-letter country of an address, or null when it is in no range. */
  countryOf(address: Address): string | null;
}

/** The package's CSV files of numeric addresses, one range a line: `first address,last address,country code`. */
export interface CountryFiles {
  ipv4: string;
  ipv6: string;
}

export function packagedCountryFiles(): CountryFiles {
  const folder = dirname(createRequire(import.meta.url).resolve("@ip-location-db/geo-whois-asn-country/package.json"));
  return { ipv4: join(folder, "geo-whois-asn-country-ipv4-num.csv"), ipv6: join(folder, "geo-whois-asn-country-ipv6-num.csv") };
}

/** Reads both files into lookup tables; rejects, naming the file and the line, when one is missing or malformed. */
export async function readCountryDatabase(files: CountryFiles): Promise<CountryDatabase> {
  const ipv4 = await readTable(files.ipv4, 4);
  const ipv6 = await readTable(files.ipv6, 6);
  return {
    countryOf: (address) => (address.family === 4 ? ipv4 : ipv6).lookup(address.words),
  };
}

async function readTable(file: string, family: 4 | 6): Promise<CountryTable> {
  const bytes = await readFile(file);
  const builder = new CountryTableBuilder(family === 4 ? 1 : 4);
  let count = 0;
  try {
    for (const { start, end, country } of readRangeCsv(bytes, family === 4 ? 1 : 4)) {
      builder.add(start, end, country);
      // Reading takes a moment: requests that arrive meanwhile are answered between slices.
      if (++count % 5_000 === 0) await letOthersRun();
    }
  } catch (error) {
    throw new Error(`${basename(file)}, range ${count + 1}: ${(error as Error).message}`);
  }
  if (count === 0) throw new Error(`${basename(file)} has no ranges`);
  return builder.finish();
}

/** The same data as one MaxMind DB file (IPv4 and IPv6), from the npm package's `-mmdb` edition. */
export function packagedCountryMmdb(): string {
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
export async function readCountryMmdb(file: string): Promise<CountryDatabase> {
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

export const countryDatabase = readOnce(async () => readCountryDatabase(packagedCountryFiles()));
