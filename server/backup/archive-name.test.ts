import { describe, expect, it } from "vitest";
import { archiveName, parseArchiveName } from "./archive-name.ts";

describe("a backup's name", () => {
  it("carries the time, the database and the schema, and reads back", () => {
    const parts = { takenAt: new Date("2026-12-02T03:00:07.123Z"), dialect: "sqlite" as const, schema: "022" };
    const name = archiveName(parts);
    expect(name).toBe("backup-20261202T030007Z-sqlite-022.tar.zst.age");
    expect(parseArchiveName(name)).toEqual({ ...parts, takenAt: new Date("2026-12-02T03:00:07Z") });
  });

  it("sorts by time as text", () => {
    const names = ["2026-12-02T03:00:00Z", "2026-11-30T23:59:59Z", "2027-01-01T00:00:00Z"].map((at) =>
      archiveName({ takenAt: new Date(at), dialect: "postgres", schema: "022" }),
    );
    expect([...names].sort()).toEqual([names[1], names[0], names[2]]);
  });

  it("is not read into anything else: other files, a wrong date, a partial upload", () => {
    for (const name of [
      "site.db",
      "backup-20261302T030000Z-sqlite-022.tar.zst.age",
      ".partial-backup-20261202T030000Z-sqlite-022.tar.zst.age",
    ]) {
      expect(parseArchiveName(name), name).toBeUndefined();
    }
  });
});
