import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { emlFileName, removeOutboxFiles } from "./outbox-files.ts";

const at = new Date("2026-03-01T09:30:00.123Z");

describe("the outbox's file names", () => {
  it("name files by time, kind, the stored mail and a random id", () => {
    expect(emlFileName("newsletter-confirmation", at)).toMatch(/^2026-03-01T09-30-00\.123Z-newsletter-confirmation-[0-9a-f]{8}\.eml$/);
    expect(emlFileName("access-details", at, 42)).toMatch(/^2026-03-01T09-30-00\.123Z-access-details-[0-9a-f]{8}-mail42\.eml$/);
    expect(emlFileName("../../etc/passwd", at)).toMatch(/^2026-03-01T09-30-00\.123Z-etc-passwd-[0-9a-f]{8}\.eml$/);
    expect(emlFileName("x", at)).not.toBe(emlFileName("x", at));
  });
});

describe("removing the outbox's files of deleted mails", () => {
  let outbox: string;
  beforeEach(async () => {
    outbox = await mkdtemp(join(tmpdir(), "outbox-files-"));
  });
  afterEach(() => rm(outbox, { recursive: true, force: true }));

  it("removes the files of those mails only", async () => {
    const names = [emlFileName("access-details", at, 7), emlFileName("sign-in", at, 8), emlFileName("mail7", at), emlFileName("x", at, 77)];
    for (const name of names) await writeFile(join(outbox, name), "To: ana@example.com");
    expect(await removeOutboxFiles(outbox, [7, 9])).toBe(1);
    expect((await readdir(outbox)).sort()).toEqual(names.slice(1).sort());
  });

  it("finds nothing to remove in a folder that was never made, or for no mail", async () => {
    expect(await removeOutboxFiles(join(outbox, "never-made"), [1])).toBe(0);
    expect(await removeOutboxFiles(join(outbox, "never-made"), [])).toBe(0);
  });
});
