import home from "../../content/locales/admin/en/home.json" with { type: "json" };
import { fill, newOperator, runSql, signIn } from "../support/console.ts";
import { expect, test } from "../support/fixtures.ts";

/**
 * The console's home: the backups' state, as the operator reads it. The test servers have no backup key, so
 * the panel says backups are not set up; the runs shown are rows of `backup_runs` written here, as a backup
 * process writes them.
 */
test("the console's home says whether backups are set up, and shows the last run and the last good one", async ({
  page,
  expectAccessible,
}) => {
  // An operator's sign-in (a password hash made slow on purpose) and three states audited: up to 17 s with one of two
  // cores kept busy.
  test.slow();
  // `/admin` leads to the home, through the sign-in.
  await signIn(page, newOperator(), "/admin");
  await expect(page).toHaveURL(/\/admin\/home$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(home.heading);
  const panel = page.getByRole("region", { name: home.backups.heading });
  await expect(panel).toContainText(home.backups.notConfigured);
  await expect(page.getByRole("navigation").getByRole("link", { name: home.nav })).toHaveAttribute("aria-current", "page");

  const insert =
    "INSERT INTO backup_runs (started_at, finished_at, status, trigger, archive_name, size_bytes, stores, error) VALUES (?, ?, ?, ?, ?, ?, ?, ?)";
  const now = Date.now();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * 3_600_000).toISOString();
  runSql(insert, [
    at(30),
    at(30),
    "succeeded",
    "schedule",
    "backup-20261201T030000Z-sqlite-023.tar.zst.age",
    48_300_000,
    "/var/backups/shop",
    null,
  ]);
  runSql(insert, [at(2), at(2), "failed", "schedule", null, null, null, "BACKUP_DIR: no space left on device"]);
  await page.reload();
  await expect(panel).toContainText(home.backups.results.failed);
  await expect(panel).toContainText("BACKUP_DIR: no space left on device");
  await expect(panel).toContainText(home.backups.lastGoodLabel);
  // Not set up here: no alert is mailed, so the panel does not say one was (backup-status.server.test.ts has the rest).
  await expect(panel).not.toContainText(home.backups.overdue);
  await expect(panel).toContainText(fill(home.backups.schedule, { time: "03:00" }));
  await expectAccessible();
  runSql("DELETE FROM backup_runs");
});
