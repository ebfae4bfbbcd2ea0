/**
 * The mail that tells the shop's operator its backups need them: a backup failed, or none has succeeded for 26
 * hours. Its words live under `backupAlert` in `content/mail/<language>.json`. It says what failed and since when
 * the data has had no safe copy; the reason is the backup's own message, which never holds a key or a password.
 */
import { defaultLanguage, type Language, localeTags } from "../../common/languages.ts";
import { site } from "../../content/site.ts";
import type { Block, Rows } from "./blocks.ts";
import { composeMail, type RenderedMail } from "./layout.ts";
import { interpolate, mailTexts, singleLine } from "./mail-texts.ts";

export const BACKUP_ALERT_MAIL_KIND = "operator-backup-alert";

export type BackupAlert =
  | { kind: "failed"; startedAt: Date; reason: string; lastGood: Date | undefined }
  | { kind: "overdue"; lastGood: Date | undefined };

export function renderBackupAlertMail(alert: BackupAlert, language: Language = defaultLanguage): RenderedMail {
  const t = mailTexts[language].backupAlert;
  const when = (date: Date) =>
    `${new Intl.DateTimeFormat(localeTags[language], { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(date)} UTC`;
  const problem = alert.kind === "failed" ? t.failedProblem : t.overdueProblem;
  const values = { brand: site.brand.name, problem, startedAt: alert.kind === "failed" ? when(alert.startedAt) : "" };
  const rows: Rows = [
    ...(alert.kind === "failed" ? ([[t.reasonLabel, singleLine(alert.reason).slice(0, 300)]] as Rows) : []),
    [t.lastGoodLabel, alert.lastGood ? when(alert.lastGood) : t.noneYet],
  ];
  const blocks: Block[] = [
    { paragraph: interpolate(alert.kind === "failed" ? t.failedIntro : t.overdueIntro, values) },
    { rows },
    { button: { label: t.button, url: new URL("/admin", site.brand.origin).href } },
    { paragraph: t.hint },
  ];
  return composeMail({ language, words: t, values, blocks, footnote: { text: t.once }, audience: "operator" });
}
