import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { logger } from "../logger.ts";
import {
  type CountryDatabase,
  packagedCountryFiles,
  packagedCountryMmdb,
  readCountryDatabase,
  readCountryMmdb,
  readOnce,
} from "./country-database.ts";
import { parseAddress } from "./ip-address.ts";

const address = (text: string) => {
  const parsed = parseAddress(text);
  if (!parsed) throw new Error(`not an address: ${text}`);
  return parsed;
};

describe.each([
  ["CSV files", () => readCountryDatabase(packagedCountryFiles())],
  ["MaxMind DB file", () => readCountryMmdb(packagedCountryMmdb())],
])("the packaged IP-to-country database, as its %s", (_edition, read) => {
  let database: CountryDatabase;
  beforeAll(async () => {
    database = await read();
  }, 60_000);

  // Addresses whose country has long been stable (checked against the package's CSV files): Google's public
  // DNS, Telefónica's in Spain (80.58.0.0/15), RENATER in France, and their IPv6 blocks.
  it.each([
    ["8.8.8.8", "US"],
    ["80.58.61.250", "ES"],
    ["193.51.24.1", "FR"],
    ["::ffff:80.58.61.250", "ES"],
    ["2001:4860:4860::8888", "US"],
    ["2a02:9000::1", "ES"],
    ["2a01:cb00::1", "FR"],
  ])("places %s in %s", (text, country) => {
    expect(database.countryOf(address(text))).toBe(country);
  });

  it("has no country for an address in no range", () => {
    expect(database.countryOf(address("3ffe::1"))).toBeNull();
  });
});

describe("a database that cannot be read", () => {
  const folder = mkdtempSync(join(tmpdir(), "country-database-"));
  const file = (name: string, text: string) => {
    writeFileSync(join(folder, name), text);
    return join(folder, name);
  };
  const good = { ipv4: file("good-ipv4.csv", "16777216,16777471,AU\n"), ipv6: file("good-ipv6.csv", "1,2,JP\n") };

  afterEach(() => vi.restoreAllMocks());

  it("is refused, naming the file and what is wrong", async () => {
    await expect(readCountryDatabase({ ...good, ipv4: join(folder, "missing.csv") })).rejects.toThrow(/ENOENT.*missing\.csv/);
    await expect(readCountryDatabase({ ...good, ipv4: file("empty.csv", "") })).rejects.toThrow("empty.csv has no ranges");
    await expect(
      readCountryDatabase({ ...good, ipv6: file("cut.csv", "1,2,JP\n42540528726795050063891204319802818560,4254") }),
    ).rejects.toThrow('cut.csv, range 2: line 2 is not "first address,last address,country code"');
    await expect(readCountryDatabase({ ...good, ipv4: file("unsorted.csv", "20,29,ES\n10,19,FR\n") })).rejects.toThrow(
      "unsorted.csv, range 2: ranges out of order",
    );
    expect((await readCountryDatabase(good)).countryOf(address("1.0.0.1"))).toBe("AU");
  });

  it("is read once, however many ask at once; a failure answers no country and is logged once", async () => {
    const errors = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const read = vi.fn(() => readCountryDatabase({ ...good, ipv6: join(folder, "missing.csv") }));
    const database = readOnce(read);
    const answers = await Promise.all([database(), database(), database()]);
    expect((await database()).countryOf(address("1.0.0.1"))).toBeNull();
    expect(answers.every((answer) => answer.countryOf(address("1.0.0.1")) === null)).toBe(true);
    expect(read).toHaveBeenCalledTimes(1);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(errors.mock.calls[0])).toMatch(/could not be read/);
  });
});

describe("a MaxMind DB file that cannot be read", () => {
  const folder = mkdtempSync(join(tmpdir(), "country-mmdb-"));
  const packaged = readFileSync(packagedCountryMmdb());
  const file = (name: string, bytes: Uint8Array | string) => {
    writeFileSync(join(folder, name), bytes);
    return join(folder, name);
  };

  it("is refused, naming the file and what is wrong", async () => {
    await expect(readCountryMmdb(join(folder, "missing.mmdb"))).rejects.toThrow(/ENOENT.*missing\.mmdb/);
    await expect(readCountryMmdb(file("text.mmdb", "1,2,JP\n"))).rejects.toThrow("text.mmdb is not a MaxMind DB file");
    await expect(readCountryMmdb(file("head.mmdb", packaged.subarray(0, 1_000_000)))).rejects.toThrow("head.mmdb is not a MaxMind DB file");
    // The metadata is at the end: a file missing its start still has it, but not the tree it describes.
    await expect(readCountryMmdb(file("tail.mmdb", packaged.subarray(-200)))).rejects.toThrow("tail.mmdb is shorter than its search tree");
  });

  it("is refused when it has no IPv6 tree, which would place IPv6 addresses by their first 32 bits", async () => {
    const ipv4Only = join(packagedCountryMmdb(), "..", "geo-whois-asn-country-ipv4.mmdb");
    await expect(readCountryMmdb(ipv4Only)).rejects.toThrow("geo-whois-asn-country-ipv4.mmdb has no IPv6 tree");
  });
});
