import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { logger } from "../logger.ts";
import { type CountryDatabase, packagedCountryFile, readCountryDatabase, readOnce } from "./country-database.ts";
import { parseAddress } from "./ip-address.ts";

const address = (text: string) => {
  const parsed = parseAddress(text);
  if (!parsed) throw new Error(`not an address: ${text}`);
  return parsed;
};

describe("the packaged IP-to-country database", () => {
  let database: CountryDatabase;
  beforeAll(async () => {
    database = await readCountryDatabase(packagedCountryFile());
  });

  // Addresses whose country has long been stable (checked against the package's CSV edition too): Google's
  // public DNS, Telefónica's in Spain (80.58.0.0/15), RENATER in France, and their IPv6 blocks.
  it.each([
    ["8.8.8.8", "US"],
    ["80.58.61.250", "ES"],
    ["193.51.24.1", "FR"],
    ["::ffff:80.58.61.250", "ES"],
    ["2001:4860:4860::8888", "US"],
    ["2a02:9000::1", "ES"],
    ["2a01:cb00::1", "FR"],
    // The first and last address of the data's first range, APNIC's 1.0.0.0/24.
    ["1.0.0.0", "AU"],
    ["1.0.0.255", "AU"],
  ])("places %s in %s", (text, country) => {
    expect(database.countryOf(address(text))).toBe(country);
  });

  it.each(["3ffe::1", "255.255.255.255", "0.0.0.0"])("has no country for %s, in no range", (text) => {
    expect(database.countryOf(address(text))).toBeNull();
  });
});

describe("a database that cannot be read", () => {
  const folder = mkdtempSync(join(tmpdir(), "country-database-"));
  const packaged = readFileSync(packagedCountryFile());
  const file = (name: string, bytes: Uint8Array | string) => {
    writeFileSync(join(folder, name), bytes);
    return join(folder, name);
  };

  afterEach(() => vi.restoreAllMocks());

  it("is refused, naming the file and what is wrong", async () => {
    await expect(readCountryDatabase(join(folder, "missing.mmdb"))).rejects.toThrow(/ENOENT.*missing\.mmdb/);
    await expect(readCountryDatabase(file("text.mmdb", "1,2,JP\n"))).rejects.toThrow("text.mmdb is not a MaxMind DB file");
    await expect(readCountryDatabase(file("head.mmdb", packaged.subarray(0, 1_000_000)))).rejects.toThrow(
      "head.mmdb is not a MaxMind DB file",
    );
    // The metadata is at the end: a file missing its start still has it, but not the tree it describes.
    await expect(readCountryDatabase(file("tail.mmdb", packaged.subarray(-200)))).rejects.toThrow(
      "tail.mmdb is shorter than its search tree",
    );
  });

  it("is refused when it has no IPv6 tree, which would place IPv6 addresses by their first 32 bits", async () => {
    const ipv4Only = join(packagedCountryFile(), "..", "geo-whois-asn-country-ipv4.mmdb");
    await expect(readCountryDatabase(ipv4Only)).rejects.toThrow("geo-whois-asn-country-ipv4.mmdb has no IPv6 tree");
  });

  it("is read once, however many ask at once; a failure answers no country and is logged once", async () => {
    const errors = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const read = vi.fn(() => readCountryDatabase(join(folder, "missing.mmdb")));
    const database = readOnce(read);
    const answers = await Promise.all([database(), database(), database()]);
    expect((await database()).countryOf(address("8.8.8.8"))).toBeNull();
    expect(answers.every((answer) => answer.countryOf(address("8.8.8.8")) === null)).toBe(true);
    expect(read).toHaveBeenCalledTimes(1);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(errors.mock.calls[0])).toMatch(/could not be read/);
  });
});
