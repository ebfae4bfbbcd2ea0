/**
 * `npm run bench:geo`: the IP-to-country reader of server/geolocation/ measured, each reader in `readers` in
 * a process of its own, so one's memory does not count in another's: the time to read the packaged database,
 * the heap, the array buffers and the resident memory after reading (after a collection), and lookups per
 * second on a fixed list of public addresses, IPv4 and IPv6. The answers' digest shows whether readers agree:
 * add one to `readers` to weigh it against today's (docs/decisions/0046-ip-to-country-reader.md did).
 *   --rounds N   each reader N times, in turn (default 3)
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { type CountryDatabase, packagedCountryFile, readCountryDatabase } from "../server/geolocation/country-database.ts";
import type { Address } from "../server/geolocation/ip-address.ts";
import { isPublicAddress } from "../server/geolocation/public-address.ts";

const readers: Record<string, () => Promise<CountryDatabase>> = {
  "MMDB (mmdb-lib)": () => readCountryDatabase(packagedCountryFile()),
};

interface Figures {
  loadMs: number;
  heapMb: number;
  heapGrowthMb: number;
  arrayBuffersMb: number;
  rssMb: number;
  rssGrowthMb: number;
  ipv4PerSecond: number;
  ipv6PerSecond: number;
  answered: string;
  digest: string;
}

const { values } = parseArgs({ options: { rounds: { type: "string", default: "3" }, reader: { type: "string" } } });
if (values.reader) console.log(JSON.stringify(await measure(values.reader)));
else report(Number(values.rounds));

function report(rounds: number): void {
  console.log(
    `Node ${process.version}, ${addresses(4).length.toLocaleString("en")} IPv4 and ${addresses(6).length.toLocaleString("en")} IPv6 addresses\n`,
  );
  console.log(
    "| reader | read, ms | heap, MB (growth) | array buffers, MB | RSS, MB (growth) | IPv4 lookups/s | IPv6 lookups/s | answered v4 / v6 | answers |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (let round = 0; round < rounds; round++) {
    for (const name of Object.keys(readers)) {
      const output = execFileSync(process.execPath, ["--expose-gc", fileURLToPath(import.meta.url), "--reader", name], {
        encoding: "utf8",
      });
      const f = JSON.parse(output.trim().split("\n").at(-1) ?? "{}") as Figures;
      const mb = (value: number) => value.toFixed(1);
      const rate = (value: number) => Math.round(value).toLocaleString("en");
      console.log(
        `| ${name} | ${Math.round(f.loadMs)} | ${mb(f.heapMb)} (+${mb(f.heapGrowthMb)}) | ${mb(f.arrayBuffersMb)} | ${mb(f.rssMb)} (+${mb(f.rssGrowthMb)}) | ${rate(f.ipv4PerSecond)} | ${rate(f.ipv6PerSecond)} | ${f.answered} | ${f.digest} |`,
      );
    }
  }
}

async function measure(name: string): Promise<Figures> {
  const read = readers[name];
  const collect = globalThis.gc;
  if (!read || !collect) throw new Error(`Unknown reader "${name}", or no --expose-gc`);
  const ipv4 = addresses(4);
  const ipv6 = addresses(6);
  collect();
  const before = process.memoryUsage();
  const started = performance.now();
  const database = await read();
  const loadMs = performance.now() - started;
  collect();
  const after = process.memoryUsage();
  const megabytes = (bytes: number) => bytes / 1024 / 1024;
  const answers = [...ipv4, ...ipv6].map((address) => database.countryOf(address));
  const share = (list: Address[]) => `${Math.round((100 * list.filter((address) => database.countryOf(address)).length) / list.length)} %`;
  return {
    loadMs,
    heapMb: megabytes(after.heapUsed),
    heapGrowthMb: megabytes(after.heapUsed - before.heapUsed),
    arrayBuffersMb: megabytes(after.arrayBuffers),
    rssMb: megabytes(after.rss),
    rssGrowthMb: megabytes(after.rss - before.rss),
    ipv4PerSecond: lookupsPerSecond(database, ipv4),
    ipv6PerSecond: lookupsPerSecond(database, ipv6),
    answered: `${share(ipv4)} / ${share(ipv6)}`,
    digest: createHash("sha256").update(answers.join()).digest("hex").slice(0, 12),
  };
}

/** Passes over the list for at least a second, after one to warm up. */
function lookupsPerSecond(database: CountryDatabase, list: Address[]): number {
  for (const address of list) database.countryOf(address);
  let lookups = 0;
  const started = performance.now();
  while (performance.now() - started < 1_000) {
    for (const address of list) database.countryOf(address);
    lookups += list.length;
  }
  return lookups / ((performance.now() - started) / 1_000);
}

/**
 * 100,000 public addresses of a family, the same every run (a seeded generator). IPv6 ones are drawn from
 * 2001:200:: to 2001:1fff::, the registries' first blocks, about half of it assigned: drawn from all of
 * 2000::/3, nearly every address would be assigned to no one, unlike a visitor's.
 */
function addresses(family: 4 | 6): Address[] {
  let seed = 0x9e3779b9 ^ family;
  const random = () => {
    // xorshift32
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return seed >>> 0;
  };
  const list: Address[] = [];
  while (list.length < 100_000) {
    const words = family === 4 ? [random()] : [random(), random(), random(), random()];
    if (family === 6) words[0] = 0x2001_0200 + (random() % 0x1e00);
    const address: Address = { family, words };
    if (isPublicAddress(address)) list.push(address);
  }
  return list;
}
