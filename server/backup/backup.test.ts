import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, TEST_DATABASE_URL, testTargets } from "../../tests/support/databases.ts";
import { createOrderTestBed, type OrderTestBed, testAccessDetails } from "../../tests/support/orders.ts";
import { open } from "../admin/secret-box.ts";
import { migrateToLatest } from "../db/database.ts";
import { migrations } from "../db/migrations/index.ts";
import { type BackupSettings, takeBackup } from "./backup.ts";
import { newBackupKey } from "./encryption.ts";
import { checkArchive, closeArchive, openArchive, RestoreRefused, type RestoreTarget, restoreArchive } from "./restore.ts";
import { defaultRetention } from "./retention.ts";
import { directoryStore } from "./stores.ts";

/** The last migration's number, which names every archive this version makes. */
const latestSchema = Object.keys(migrations).at(-1)?.slice(0, 3);

let key: string;
beforeAll(async () => {
  key = (await newBackupKey()).key;
});

for (const target of testTargets) {
  // pg_dump, then a scratch database made, restored into and dropped, each waiting for a checkpoint: 20 s on a
  // busy machine beside the other suites' writes, past half the default limit.
  describe.skipIf(!target.enabled)(`a backup and its restore on ${target.dialect}`, { timeout: 90_000 }, () => {
    const cleanups: (() => Promise<void> | void)[] = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    async function shopWithOrders(count: number) {
      const bed: OrderTestBed = await createOrderTestBed(target.dialect);
      cleanups.push(() => bed.handle.cleanup());
      const orders = [];
      for (let index = 0; index < count; index++) orders.push(await bed.deliveredOrder());
      const folder = mkdtempSync(join(tmpdir(), "shop-backups-"));
      cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
      const restoreTarget: RestoreTarget =
        target.dialect === "sqlite"
          ? { dialect: "sqlite", file: bed.handle.location }
          : { dialect: "postgres", target: { url: TEST_DATABASE_URL as string, schema: bed.handle.location } };
      const settings: BackupSettings = {
        key,
        source:
          restoreTarget.dialect === "sqlite"
            ? { dialect: "sqlite", file: restoreTarget.file }
            : { dialect: "postgres", target: restoreTarget.target, db: bed.handle.db },
        stores: [directoryStore(join(folder, "archives"))],
        retention: defaultRetention,
        workDirectory: folder,
      };
      return { bed, orders, folder, settings, restoreTarget, store: settings.stores[0]! };
    }

    it("takes an encrypted archive named by date and schema, and its check restores it aside with the same counts", async () => {
      const shop = await shopWithOrders(3);
      const result = await takeBackup(shop.settings, new Date("2026-12-02T03:00:00Z"));
      expect(result.name).toBe(`backup-20261202T030000Z-${target.dialect}-${latestSchema}.tar.zst.age`);
      expect(result.manifest).toMatchObject({ counts: { orders: 3, invoices: 3, accesses: 3, creditNotes: 0 }, numberingUnbroken: true });
      // Nothing of the database in clear: not the customers' addresses.
      const stored = readFileSync(join(shop.folder, "archives", result.name));
      expect(stored.includes(Buffer.from(shop.orders[0]!.email))).toBe(false);
      expect(stored.subarray(0, 21).toString()).toBe("age-encryption.org/v1");

      const archive = await openArchive(key, await shop.store.open(result.name), shop.folder);
      cleanups.push(() => closeArchive(archive));
      const report = await checkArchive(archive, shop.restoreTarget);
      expect(report).toMatchObject({ counts: { orders: 3, invoices: 3, accesses: 3 }, numberingUnbroken: true, migrated: [] });
      expect(await shop.bed.handle.db.selectFrom("orders").select("id").execute()).toHaveLength(3);
    });

    it("refuses to replace a live database without force; with it, brings back what was lost, access details that still open", async () => {
      const shop = await shopWithOrders(2);
      const { name } = await takeBackup(shop.settings);
      const sealed = await shop.bed.sealedDetailsOf(shop.orders[0]!);
      await shop.bed.handle.db.deleteFrom("order_events").execute();
      const archive = await openArchive(key, await shop.store.open(name), shop.folder);
      cleanups.push(() => closeArchive(archive));
      await expect(restoreArchive(archive, shop.restoreTarget, { force: false })).rejects.toThrow(RestoreRefused);

      const report = await restoreArchive(archive, shop.restoreTarget, { force: true });
      expect(report.counts.orders).toBe(2);
      // A new handle: a SQLite connection opened before the file was replaced still reads the old one.
      const restored = shop.bed.handle.openAnother();
      const row = await restored
        .selectFrom("orders")
        .innerJoin("accesses", "accesses.id", "orders.access_id")
        .select("accesses.details")
        .where("orders.id", "=", shop.orders[0]!.id)
        .executeTakeFirst();
      expect(row?.details).toBe(sealed);
      expect(JSON.parse(open(shop.bed.services.accessKey!, sealed!))).toMatchObject({ username: testAccessDetails.username });
      expect((await restored.selectFrom("order_events").select("id").execute()).length).toBeGreaterThan(0);
    });

    it("refuses a wrong key and a damaged archive with a clear message, and changes nothing", async () => {
      const shop = await shopWithOrders(1);
      const { name } = await takeBackup(shop.settings);
      const other = (await newBackupKey()).key;
      await expect(openArchive(other, await shop.store.open(name), shop.folder)).rejects.toThrow(
        "This archive was not encrypted with this BACKUP_ENCRYPTION_KEY.",
      );
      const path = join(shop.folder, "archives", name);
      const bytes = readFileSync(path);
      bytes[bytes.length - 100] = (bytes[bytes.length - 100] ?? 0) ^ 0xff;
      writeFileSync(path, bytes);
      await expect(openArchive(key, await shop.store.open(name), shop.folder)).rejects.toThrow(/damaged/);
      expect(await shop.bed.handle.db.selectFrom("orders").select("id").execute()).toHaveLength(1);
    });
  });
}

describe("an archive of an older version", () => {
  it("is brought forward by the migrations it lacks, in the check and in the restore", async () => {
    const handle = await createTestDatabase("sqlite");
    const folder = mkdtempSync(join(tmpdir(), "shop-backups-"));
    try {
      const older = Object.fromEntries(Object.entries(migrations).slice(0, -1));
      await migrateToLatest(handle.db, "sqlite", { provider: { getMigrations: async () => older } });
      const store = directoryStore(join(folder, "archives"));
      const { name } = await takeBackup({
        key,
        source: { dialect: "sqlite", file: handle.location },
        stores: [store],
        retention: defaultRetention,
        workDirectory: folder,
      });
      const olderSchema = Object.keys(older).at(-1)?.slice(0, 3);
      expect(name).toContain(`-sqlite-${olderSchema}.tar.zst.age`);
      const archive = await openArchive(key, await store.open(name), folder);
      try {
        const newest = Object.keys(migrations).at(-1);
        expect((await checkArchive(archive, { dialect: "sqlite", file: handle.location })).migrated).toEqual([newest]);
      } finally {
        await closeArchive(archive);
      }
    } finally {
      await handle.cleanup();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
