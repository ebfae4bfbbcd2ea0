import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { BackupCryptoError, decryptBackup, encryptBackup, isBackupKey, newBackupKey } from "./encryption.ts";

const streamOf = (bytes: Uint8Array) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      // In pieces of uneven size, as a file or a socket gives them.
      for (let at = 0; at < bytes.length; at += 50_000) controller.enqueue(bytes.subarray(at, at + 50_000));
      controller.close();
    },
  });

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe("a backup's encryption", () => {
  it("gives back exactly what went in, with the same key, and nothing of it in clear", async () => {
    const { key } = await newBackupKey();
    const plain = Buffer.concat([randomBytes(200_000), Buffer.from("customer@example.com")]);
    const sealed = await readAll(await encryptBackup(key, streamOf(plain)));
    expect(sealed.includes(Buffer.from("customer@example.com"))).toBe(false);
    expect(await readAll(await decryptBackup(key, streamOf(sealed)))).toEqual(plain);
  });

  it("refuses another key, saying so", async () => {
    const sealed = await readAll(await encryptBackup((await newBackupKey()).key, streamOf(Buffer.from("the books"))));
    const other = (await newBackupKey()).key;
    const refused = decryptBackup(other, streamOf(sealed)).then(readAll);
    await expect(refused).rejects.toThrow(BackupCryptoError);
    await expect(refused).rejects.toThrow("This archive was not encrypted with this BACKUP_ENCRYPTION_KEY.");
  });

  it("fails on a changed byte or a cut end instead of giving back altered data", async () => {
    const { key } = await newBackupKey();
    const sealed = await readAll(await encryptBackup(key, streamOf(randomBytes(150_000))));
    const changed = Buffer.from(sealed);
    changed[120_000] = (changed[120_000] ?? 0) ^ 1;
    await expect(decryptBackup(key, streamOf(changed)).then(readAll)).rejects.toThrow();
    await expect(decryptBackup(key, streamOf(sealed.subarray(0, 100_000))).then(readAll)).rejects.toThrow();
  });

  it("knows an age identity from anything else", async () => {
    expect(isBackupKey((await newBackupKey()).key)).toBe(true);
    expect(isBackupKey("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef")).toBe(false);
    expect(isBackupKey("age1qyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqs3290gq")).toBe(false);
  });
});
