import { afterEach, describe, expect, it } from "vitest";
import { parseConfig } from "../../../server/config.ts";
import { finishBackupRun, startBackupRun } from "../../../server/db/backup-runs.ts";
import { migrateToLatest } from "../../../server/db/database.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/databases.ts";
import { loadBackupStatus } from "./backup-status.server";

const key = "AGE-SECRET-KEY-1QQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQ";

describe("the backups as the console's home reads them", () => {
  const handles: TestDatabase[] = [];
  afterEach(async () => {
    await Promise.all(handles.splice(0).map((handle) => handle.cleanup()));
  });

  async function shopWithRuns() {
    const handle = await createTestDatabase("sqlite");
    handles.push(handle);
    await migrateToLatest(handle.db, "sqlite");
    const good = await startBackupRun(handle.db, "schedule", new Date("2026-12-01T03:00:00Z"));
    await finishBackupRun(
      handle.db,
      good,
      { status: "succeeded", archiveName: "a.tar.zst.age", sizeBytes: 48_300_000, stores: "/backups" },
      new Date("2026-12-01T03:01:00Z"),
    );
    const bad = await startBackupRun(handle.db, "schedule", new Date("2026-12-02T03:00:00Z"));
    await finishBackupRun(handle.db, bad, { status: "failed", error: "no space left on device" }, new Date("2026-12-02T03:00:10Z"));
    return handle;
  }

  it("gives the last run, the last good one, and says overdue 26 hours after the last good one", async () => {
    const handle = await shopWithRuns();
    const config = parseConfig({ BACKUP_ENCRYPTION_KEY: key, BACKUP_DIR: "/backups", BACKUP_TIME: "03:00" });
    const status = await loadBackupStatus(handle.db, config, new Date("2026-12-02T05:01:00Z"));
    expect(status).toEqual({
      configured: true,
      time: "03:00",
      last: {
        startedAt: "2026-12-02T03:00:00.000Z",
        status: "failed",
        sizeBytes: null,
        archive: null,
        stores: null,
        error: "no space left on device",
      },
      lastGoodAt: "2026-12-01T03:00:00.000Z",
      overdue: true,
    });
    expect((await loadBackupStatus(handle.db, config, new Date("2026-12-02T04:59:00Z"))).overdue).toBe(false);
  });

  it("does not say overdue where backups are not set up (no alert is mailed there)", async () => {
    const handle = await shopWithRuns();
    const status = await loadBackupStatus(handle.db, parseConfig({}), new Date("2026-12-03T12:00:00Z"));
    expect(status).toMatchObject({ configured: false, overdue: false, lastGoodAt: "2026-12-01T03:00:00.000Z" });
  });
});
