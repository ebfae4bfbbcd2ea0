/**
 * Seeds the scale bench's database by itself: `npm run bench:scale:seed -- [--orders N] [--file PATH]`
 * (default `$SCALE_DATA_DIR/scale.db`, `data/scale/` unless set), PostgreSQL when DATABASE_URL is set (an
 * empty database). The bench calls the same code.
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import { parseEncryptionKey } from "../../server/admin/secret-box.ts";
import { closeDatabase, openDatabase } from "../../server/db/database.ts";
import { seedScale } from "./seed.ts";
import { scaledSizes } from "./seed-sizes.ts";

/** The key the bench's servers run with (tests/reliability/server-process.ts uses the same). */
export const benchAccessKey = "5eed".repeat(16);
/** Where the big seeded files go (gigabytes: keep them out of the repository's copy, e.g. on a data disk). */
export const scaleDataDir = process.env.SCALE_DATA_DIR || "data/scale";
export const defaultSqliteFile = join(scaleDataDir, "scale.db");

export async function seedDatabase(options: { url?: string; file: string; orders: number; log: (line: string) => void }) {
  const opened = openDatabase(options.url ? { url: options.url } : { sqliteFile: options.file });
  try {
    return await seedScale(opened, scaledSizes(options.orders), { accessKey: parseEncryptionKey(benchAccessKey), log: options.log });
  } finally {
    await closeDatabase(opened.db);
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: { orders: { type: "string", default: "1000000" }, file: { type: "string", default: defaultSqliteFile } },
  });
  const url = process.env.DATABASE_URL || undefined;
  console.log(`Seeding ${url ? "PostgreSQL" : values.file} with ${values.orders} orders…`);
  const summary = await seedDatabase({ url, file: values.file, orders: Number(values.orders), log: console.log });
  console.log(`Seeded in ${summary.seconds.toFixed(0)} s`);
}
