import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { parseConfig } from "../config.ts";
import { finishBackupRun, startBackupRun } from "../db/backup-runs.ts";
import { migrateToLatest } from "../db/database.ts";
import { JOB_KINDS } from "../jobs/enqueue.ts";
import { newBackupKey } from "./encryption.ts";
import { backupJobHandlers } from "./jobs.ts";

describe("the backups' jobs", () => {
  let key: string;
  beforeAll(async () => {
    key = (await newBackupKey()).key;
  });
  const handles: TestDatabase[] = [];
  const folders: string[] = [];
  afterEach(async () => {
    await Promise.all(handles.splice(0).map((handle) => handle.cleanup()));
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  async function setUp(variables: Record<string, string> = {}) {
    const handle = await createTestDatabase("sqlite");
    handles.push(handle);
    await migrateToLatest(handle.db, "sqlite");
    const folder = mkdtempSync(join(tmpdir(), "backup-jobs-"));
    folders.push(folder);
    const config = parseConfig({ NODE_ENV: "test", BACKUP_ENCRYPTION_KEY: key, BACKUP_DIR: folder, BACKUP_TIME: "03:00", ...variables });
    let started = 0;
    let wakes = 0;
    const handlers = backupJobHandlers({
      db: handle.db,
      config,
      operatorEmail: "owner@example.com",
      wakeMail: () => void wakes++,
      startBackup: async () => void started++,
    });
    const run = async (kind: string, now: Date, payload: unknown = {}) =>
      handlers[kind]!.run({ id: 0, kind, payload: JSON.stringify(payload) } as never, now);
    const jobs = () => handle.db.selectFrom("jobs").select(["kind", "unique_key", "payload"]).orderBy("id").execute();
    const mails = () => handle.db.selectFrom("mails").select(["kind", "to_address", "subject", "body_text"]).execute();
    return { handle, run, jobs, mails, started: () => started, wakes: () => wakes };
  }

  it("asks for the day's backup once its time has passed, once however many servers ask", async () => {
    const shop = await setUp();
    await shop.run(JOB_KINDS.backupCheck, new Date("2026-12-02T02:59:00Z"));
    expect(await shop.jobs()).toEqual([{ kind: "backup-start", unique_key: "backup:2026-12-01T03:00:00.000Z", payload: "{}" }]);
    await shop.run(JOB_KINDS.backupCheck, new Date("2026-12-02T03:00:00Z"));
    await shop.run(JOB_KINDS.backupCheck, new Date("2026-12-02T03:04:00Z"));
    expect((await shop.jobs()).map((job) => job.unique_key)).toEqual([
      "backup:2026-12-01T03:00:00.000Z",
      "backup:2026-12-02T03:00:00.000Z",
    ]);
    await shop.run(JOB_KINDS.backupStart, new Date("2026-12-02T03:00:01Z"));
    expect(shop.started()).toBe(1);
  });

  it("does nothing while backups are not set up", async () => {
    const shop = await setUp({ BACKUP_DIR: "" });
    await shop.run(JOB_KINDS.backupCheck, new Date("2026-12-02T04:00:00Z"));
    expect(await shop.jobs()).toEqual([]);
  });

  it("mails the operator a failed run once, with its reason, and an overdue backup once a day", async () => {
    const shop = await setUp();
    const good = await startBackupRun(shop.handle.db, "schedule", new Date("2026-11-30T03:00:00Z"));
    await finishBackupRun(
      shop.handle.db,
      good,
      { status: "succeeded", archiveName: "a", sizeBytes: 1, stores: "x" },
      new Date("2026-11-30T03:01:00Z"),
    );
    const bad = await startBackupRun(shop.handle.db, "schedule", new Date("2026-12-01T03:00:00Z"));
    await finishBackupRun(
      shop.handle.db,
      bad,
      { status: "failed", error: "BACKUP_DIR: no space left on device" },
      new Date("2026-12-01T03:00:30Z"),
    );

    for (const minute of ["03:10", "03:15"]) await shop.run(JOB_KINDS.backupCheck, new Date(`2026-12-01T${minute}:00Z`));
    const alerts = (await shop.jobs()).filter((job) => job.kind === "backup-alert");
    expect(alerts.map((job) => job.unique_key)).toEqual([`backup-alert:failed:${bad}`]);
    await shop.run(JOB_KINDS.backupAlert, new Date("2026-12-01T03:10:01Z"), JSON.parse(alerts[0]!.payload));
    const [mail] = await shop.mails();
    expect(mail).toMatchObject({ kind: "operator-backup-alert", to_address: "owner@example.com" });
    expect(mail!.subject).toContain("the last backup failed");
    expect(mail!.body_text).toContain("BACKUP_DIR: no space left on device");
    expect(mail!.body_text).toContain("November 30, 2026");
    expect(shop.wakes()).toBe(1);

    // Still no success 26 hours after the last one: one alert that day, however often the check runs.
    await shop.run(JOB_KINDS.backupCheck, new Date("2026-12-01T05:01:00Z"));
    await shop.run(JOB_KINDS.backupCheck, new Date("2026-12-01T06:00:00Z"));
    expect((await shop.jobs()).filter((job) => job.kind === "backup-alert").map((job) => job.unique_key)).toEqual([
      `backup-alert:failed:${bad}`,
      "backup-alert:overdue:2026-12-01",
    ]);
  });
});
