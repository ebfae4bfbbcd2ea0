/**
 * The outbox's `.eml` files (MAIL_OUTBOX_DIR, where mail goes without SMTP_URL) are named by the stored mail
 * they hold, so that whatever deletes a mail (an account's erasure, the retention sweep) deletes its file too:
 * an access mail holds a password in clear, and every mail holds its recipient's address.
 */
import { randomBytes } from "node:crypto";
import { readdir, rm } from "node:fs/promises";
import { join } from "node:path";

/** A mail's kind as a file name and a header may carry it: lower-case letters, digits and dashes. */
export function safeKind(kind: string): string {
  return (
    kind
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40) || "mail"
  );
}

/**
 * `2026-03-01T09-30-00.123Z-order-confirmation-1a2b3c4d-mail42.eml`: sorted by time, no characters a file
 * system refuses, and the stored mail's id when it has one (a mail sent without being stored has none).
 */
export function emlFileName(kind: string, now: Date = new Date(), mailId?: number): string {
  const time = now.toISOString().replace(/:/g, "-");
  const stored = mailId === undefined ? "" : `-mail${mailId}`;
  return `${time}-${safeKind(kind)}-${randomBytes(4).toString("hex")}${stored}.eml`;
}

/** After the random part, which no kind can stand in for: a kind named `mail7` is not mail 7. */
const storedMail = /-[0-9a-f]{8}-mail(\d+)\.eml$/;

/**
 * Deletes the outbox's files of these stored mails; returns how many went. A missing folder holds none
 * (SMTP_URL set, or nothing ever written).
 */
export async function removeOutboxFiles(directory: string, mailIds: readonly number[]): Promise<number> {
  if (mailIds.length === 0) return 0;
  let files: string[];
  try {
    files = await readdir(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  const wanted = new Set(mailIds);
  const gone = files.filter((file) => {
    const id = storedMail.exec(file)?.[1];
    return id !== undefined && wanted.has(Number(id));
  });
  for (const file of gone) await rm(join(directory, file), { force: true });
  return gone.length;
}
