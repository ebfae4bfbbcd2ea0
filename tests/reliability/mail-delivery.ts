/**
 * Whether the confirmation mails the load queued went out: each one's `mail` job done by a job runner and its
 * .eml file written (the suite's servers have no SMTP_URL). Sending is at least once: a mail whose file was
 * written just before a SIGKILL, its job not yet marked done, is written again once the claim lapses. So a
 * second file is allowed only for a mail whose claim lapsed, and never a third.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { mailJobKey } from "../../server/db/mails.ts";
import { allMails, type Database } from "./database.ts";
import type { Report } from "./report.ts";

const kind = "order-confirmation";

/**
 * The mails whose job was claimed more than once though no attempt failed (the suite's mail "server" is a
 * folder): a claim lapsed, which here means the server holding it was killed.
 */
async function lapsedClaims(db: Database): Promise<Set<string>> {
  const jobs = await db
    .selectFrom("jobs")
    .select("unique_key")
    .where("kind", "=", "mail")
    .where("attempts", ">", 1)
    .where("last_error", "is", null)
    .execute();
  return new Set(jobs.flatMap((job) => (job.unique_key ? [job.unique_key] : [])));
}

/** The address each confirmation .eml file in `directory` was written to. */
function confirmationFiles(directory: string): string[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory)
    .filter((file) => file.endsWith(".eml") && file.includes(`-${kind}-`))
    .map((file) => {
      const head = readFileSync(join(directory, file), "utf8").split(/\r?\n\r?\n/, 1)[0] ?? "";
      return head.match(/^To: (.+)$/m)?.[1]?.trim() ?? "";
    });
}

export async function verifyConfirmationsSent(
  db: Database,
  report: Report,
  { directory, waitMs = 150_000 }: { directory: string; waitMs?: number },
): Promise<void> {
  const startedAt = Date.now();
  const confirmations = async () => (await allMails(db)).filter((mail) => mail.kind === kind);
  // A claim the kill left lapses after the runner's lease (60 s); then another round sends the mail.
  while (Date.now() - startedAt < waitMs && (await confirmations()).some((mail) => mail.sent_at === null)) {
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const mails = await confirmations();
  const unsent = mails.filter((mail) => mail.sent_at === null);
  const files = new Map<string, number>();
  for (const to of confirmationFiles(directory)) files.set(to, (files.get(to) ?? 0) + 1);
  const withoutFile = mails.filter((mail) => !files.has(mail.to_address));
  const held = await lapsedClaims(db);
  const twice = mails.filter((mail) => (files.get(mail.to_address) ?? 0) > 1);
  const unexplained = twice.filter((mail) => !held.has(mailJobKey(mail.id)) || (files.get(mail.to_address) ?? 0) > 2);

  report.figures("Confirmation mails sent by the job runners", {
    "queued / sent (job done) / .eml files written": `${mails.length} / ${mails.length - unsent.length} / ${[...files.values()].reduce((a, b) => a + b, 0)}`,
    "mail jobs whose claim lapsed (the kill) / mails written twice": `${held.size} / ${twice.length}`,
    "waited for the last one": `${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
  });
  report.check(
    "every confirmation mail queued was sent: its job done, its .eml file written",
    unsent.length === 0 && withoutFile.length === 0,
    `${unsent.length} jobs not done, ${withoutFile.length} without a file`,
  );
  report.check(
    "a confirmation mail was written twice only when its claim lapsed (held by the killed server), never three times",
    unexplained.length === 0,
    unexplained
      .slice(0, 5)
      .map((mail) => `${mail.to_address}: ${files.get(mail.to_address)} files`)
      .join("; "),
  );
}
