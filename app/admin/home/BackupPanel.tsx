import { useAdminText } from "../text";
import type { BackupStatus } from "./backup-status.server";

const resultTone = { running: "text-muted", succeeded: "text-success", failed: "text-danger" } as const;

/** The backups on the console's home: set up or not, the last run and the last good one, an overdue warning. */
export function BackupPanel({ status }: { status: BackupStatus }) {
  const { t, language } = useAdminText();
  const when = (iso: string) =>
    `${new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(iso))} UTC`;
  const size = (bytes: number) =>
    new Intl.NumberFormat(language, { style: "unit", unit: "megabyte", maximumFractionDigits: 1 }).format(bytes / 1e6);
  const { last } = status;
  return (
    <section aria-labelledby="backups-heading" className="mt-8 max-w-3xl rounded-card border border-line bg-surface p-5">
      <h2 id="backups-heading" className="text-xl font-bold text-text">
        {t("home.backups.heading")}
      </h2>
      {!status.configured && <p className="mt-3 font-semibold text-danger">{t("home.backups.notConfigured")}</p>}
      {status.configured && !last && <p className="mt-3 text-text">{t("home.backups.none", { time: status.time })}</p>}
      {status.overdue && <p className="mt-3 font-semibold text-danger">{t("home.backups.overdue")}</p>}
      {last && (
        <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-text">
          <dt className="text-muted">{t("home.backups.lastLabel")}</dt>
          <dd>{when(last.startedAt)}</dd>
          <dt className="text-muted">{t("home.backups.resultLabel")}</dt>
          <dd className={`font-semibold ${resultTone[last.status]}`}>{t(`home.backups.results.${last.status}`)}</dd>
          {last.sizeBytes !== null && (
            <>
              <dt className="text-muted">{t("home.backups.sizeLabel")}</dt>
              <dd>{size(last.sizeBytes)}</dd>
            </>
          )}
          {last.archive && (
            <>
              <dt className="text-muted">{t("home.backups.archiveLabel")}</dt>
              <dd className="break-all font-mono text-sm">{last.archive}</dd>
            </>
          )}
          {last.stores && (
            <>
              <dt className="text-muted">{t("home.backups.whereLabel")}</dt>
              <dd className="break-all">{last.stores}</dd>
            </>
          )}
          {last.error && (
            <>
              <dt className="text-muted">{t("home.backups.reasonLabel")}</dt>
              <dd>{last.error}</dd>
            </>
          )}
          {last.status !== "succeeded" && status.lastGoodAt && (
            <>
              <dt className="text-muted">{t("home.backups.lastGoodLabel")}</dt>
              <dd>{when(status.lastGoodAt)}</dd>
            </>
          )}
          <dt className="text-muted">{t("home.backups.scheduleLabel")}</dt>
          <dd>{t("home.backups.schedule", { time: status.time })}</dd>
        </dl>
      )}
    </section>
  );
}
