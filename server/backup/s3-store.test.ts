/**
 * The archives' S3 store against a real S3-compatible server (s3rver, started here on a free port): the AWS SDK
 * speaks HTTP to it as it would to AWS, signatures included. No client is mocked.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { text } from "node:stream/consumers";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrderTestBed } from "../../tests/support/orders.ts";
import { archiveName } from "./archive-name.ts";
import { takeBackup } from "./backup.ts";
import { newBackupKey } from "./encryption.ts";
import { checkArchive, closeArchive, openArchive } from "./restore.ts";
import { defaultRetention } from "./retention.ts";
import { createS3Client, type S3Settings, s3Store } from "./s3-store.ts";

const folder = mkdtempSync(join(tmpdir(), "s3rver-"));
const server = new S3rver({
  port: 0,
  address: "127.0.0.1",
  silent: true,
  directory: folder,
  configureBuckets: [{ name: "shop-backups", configs: [] }],
});
let settings: S3Settings;
const store = () => s3Store(settings, createS3Client(settings, { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" }));

beforeAll(async () => {
  const { port } = (await server.run()) as { port: number };
  settings = { bucket: "shop-backups", prefix: "nightly/", region: "us-east-1", endpoint: `http://127.0.0.1:${port}` };
});
afterAll(async () => {
  await server.close();
  rmSync(folder, { recursive: true, force: true });
});

const named = (at: string) => archiveName({ takenAt: new Date(at), dialect: "sqlite", schema: "023" });

describe("archives in S3-compatible storage", () => {
  it("stores, lists newest first with sizes, reads back and removes, leaving other objects alone", async () => {
    const file = join(folder, "local-archive");
    writeFileSync(file, "sealed bytes");
    const bucket = store();
    await bucket.put(named("2026-12-01T03:00:00Z"), file);
    await bucket.put(named("2026-12-02T03:00:00Z"), file);
    await bucket.put("notes.txt", file);
    expect((await bucket.list()).map((archive) => [archive.name, archive.size])).toEqual([
      [named("2026-12-02T03:00:00Z"), 12],
      [named("2026-12-01T03:00:00Z"), 12],
    ]);
    expect(await text(await bucket.open(named("2026-12-01T03:00:00Z")))).toBe("sealed bytes");
    await bucket.remove(named("2026-12-01T03:00:00Z"));
    expect((await bucket.list()).map((archive) => archive.name)).toEqual([named("2026-12-02T03:00:00Z")]);
  });

  it("takes a backup there of several megabytes (a multipart upload), and restores it aside from there", async () => {
    const bed = await createOrderTestBed("sqlite");
    try {
      for (let index = 0; index < 3; index++) await bed.deliveredOrder();
      // Noise the compression cannot shrink, so the archive passes the SDK's 5 MB part size.
      const noise = Buffer.alloc(6_000_000);
      for (let at = 0; at < noise.length; at += 4) noise.writeUInt32LE((Math.random() * 2 ** 32) >>> 0, at);
      await bed.handle.db
        .insertInto("contact_messages")
        .values(contactMessage(noise.toString("base64")))
        .execute();
      const { key } = await newBackupKey();
      const bucket = store();
      const work = mkdtempSync(join(tmpdir(), "s3-backup-"));
      const { name, size } = await takeBackup(
        {
          key,
          source: { dialect: "sqlite", file: bed.handle.location },
          stores: [bucket],
          retention: defaultRetention,
          workDirectory: work,
        },
        new Date("2026-12-03T03:00:00Z"),
      );
      expect(size).toBeGreaterThan(5 * 1024 * 1024);
      const listed = await bucket.list();
      expect(listed[0]).toMatchObject({ name, size });
      const archive = await openArchive(key, await bucket.open(name), work);
      try {
        expect((await checkArchive(archive, { dialect: "sqlite", file: bed.handle.location })).counts).toMatchObject({
          orders: 3,
          accesses: 3,
        });
      } finally {
        await closeArchive(archive);
        rmSync(work, { recursive: true, force: true });
      }
    } finally {
      await bed.handle.cleanup();
    }
  });
});

function contactMessage(message: string) {
  const at = new Date().toISOString();
  return {
    name: "Big",
    email: "big@example.com",
    subject: "noise",
    message,
    language: "en" as const,
    mail_sent_at: null,
    handled_at: null,
    handled_by: null,
    created_at: at,
    updated_at: at,
  };
}
