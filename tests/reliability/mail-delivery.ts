/**
 * Whether the mails a phase queued went out: each one's `mail` job done by a job runner and its .eml file
 * written (the suite's servers have no SMTP_URL). Sending is at least once: a mail whose file was written just
 * before a SIGKILL, its job not yet marked done, is written again once the claim lapses. So a second file is
 * allowed only for a mail whose claim lapsed, and never a third.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { mailJobKey } from "../../server/db/mails.ts";
import { allMails, type Database } from "./database.ts";
import type { Report } from "./report.ts";
import { untilNoneLeft } from "./wait.ts";

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

/** How many .eml files in `directory` went to each address, as `kind address`. */
function filesWritten(directory: string, kinds: readonly string[]): Map<string, number> {
  const written = new Map<string, number>();
  if (!existsSync(directory)) return written;
  for (const file of readdirSync(directory)) {
    const kind = kinds.find((candidate) => file.endsWith(".eml") && file.includes(`-${candidate}-`));
    if (!kind) continue;
    const head = readFileSync(join(directory, file), "utf8").split(/\r?\n\r?\n/, 1)[0] ?? "";
    const key = `${kind} ${head.match(/^To: (.+)$/m)?.[1]?.trim() ?? ""}`;
    written.set(key, (written.get(key) ?? 0) + 1);
  }
  return written;
}

export async function verifyMailsSent(
  db: Database,
  report: Report,
  {
    directory,
    kinds,
    recipients = /./,
  }: {
    directory: string;
    kinds: readonly string[];
    /** Only the mails to these addresses: a phase whose kind another phase also sends (renewals) counts its own. */
    recipients?: RegExp;
  },
): Promise<void> {
  const startedAt = Date.now();
  const queued = async () => (await allMails(db)).filter((mail) => kinds.includes(mail.kind) && recipients.test(mail.to_address));
  // A claim the kill left lapses after the runner's lease (60 s); then another round sends the mail.
  await untilNoneLeft(async () => (await queued()).filter((mail) => mail.sent_at === null).length, { stallMs: 120_000 });
  const mails = await queued();
  const unsent = mails.filter((mail) => mail.sent_at === null);
  const written = new Map([...filesWritten(directory, kinds)].filter(([key]) => recipients.test(key.slice(key.indexOf(" ") + 1))));
  const files = (mail: (typeof mails)[number]) => written.get(`${mail.kind} ${mail.to_address}`) ?? 0;
  const lapsed = await lapsedClaims(db);
  const twice = mails.filter((mail) => files(mail) > 1);
  const unexplained = twice.filter((mail) => !lapsed.has(mailJobKey(mail.id)) || files(mail) > 2);
  const label = kinds.join(" and ");

  report.figures(`Mails sent by the job runners (${label})`, {
    "queued / sent (job done) / .eml files written": `${mails.length} / ${mails.length - unsent.length} / ${[...written.values()].reduce((a, b) => a + b, 0)}`,
    "mail jobs whose claim lapsed (a kill) / mails written twice": `${mails.filter((mail) => lapsed.has(mailJobKey(mail.id))).length} / ${twice.length}`,
    "waited for the last one": `${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
  });
  report.check(
    `every mail queued (${label}) was sent: its job done, its .eml file written`,
    unsent.length === 0 && mails.every((mail) => files(mail) > 0),
    `${unsent.length} jobs not done, ${mails.filter((mail) => files(mail) === 0).length} without a file`,
  );
  report.check(
    `a mail (${label}) was written twice only when its claim lapsed (held by a killed server), never three times`,
    unexplained.length === 0,
    unexplained
      .slice(0, 5)
      .map((mail) => `${mail.to_address}: ${files(mail)} files`)
      .join("; "),
  );
}
