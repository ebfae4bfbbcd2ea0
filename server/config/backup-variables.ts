/** The variables of the backups (`npm run backup`, the daily job, `npm run restore`): the key, where, when, how many. */
import { z } from "zod";
import { canParse, problem, wholeNumber } from "./checks.ts";

/** An age identity, as `age-keygen` and `npm run backup -- --new-key` print it (bech32, upper case). */
export const backupKeyPattern = /^AGE-SECRET-KEY-1[02-9AC-HJ-NP-Z]{58}$/;

export const backupVariables = {
  /**
   * The age identity backups are encrypted with (`AGE-SECRET-KEY-1…`, made by `npm run backup -- --new-key`). Kept
   * apart from ACCESS_ENCRYPTION_KEY and from the backups themselves. Unset: no backup is taken.
   */
  BACKUP_ENCRYPTION_KEY: z
    .string()
    .trim()
    .regex(backupKeyPattern, {
      error: problem("must be an age identity, AGE-SECRET-KEY-1 and 58 more characters: make one with `npm run backup -- --new-key`", {
        secret: true,
      }),
    })
    .optional(),
  /** A folder the archives are kept in (made, for the server's user only). Another disk than the database's. */
  BACKUP_DIR: z.string().trim().optional(),
  /** A bucket of S3-compatible storage the archives are sent to; credentials as the AWS SDK reads them (AWS_ACCESS_KEY_ID…). */
  BACKUP_S3_BUCKET: z.string().trim().optional(),
  /** A folder inside the bucket. */
  BACKUP_S3_PREFIX: z
    .string()
    .trim()
    .transform((value) => (value === "" || value.endsWith("/") ? value : `${value}/`))
    .default("backups/"),
  /** The storage's region. */
  BACKUP_S3_REGION: z.string().trim().default("us-east-1"),
  /** An S3-compatible service's URL (Backblaze B2, Cloudflare R2, MinIO…); unset for AWS. */
  BACKUP_S3_ENDPOINT: z
    .string()
    .trim()
    .refine(canParse, { error: problem("must be a URL, e.g. BACKUP_S3_ENDPOINT=https://s3.eu-central-003.backblazeb2.com") })
    .optional(),
  /** When the daily backup runs, HH:MM in UTC. */
  BACKUP_TIME: z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: problem("must be a time of day in UTC as HH:MM, e.g. BACKUP_TIME=03:30") })
    .default("03:00"),
  /** How many daily, weekly and monthly archives are kept; older ones are deleted after each backup. */
  BACKUP_KEEP_DAILY: wholeNumber("BACKUP_KEEP_DAILY", { min: 1, max: 366, fallback: 7 }),
  BACKUP_KEEP_WEEKLY: wholeNumber("BACKUP_KEEP_WEEKLY", { min: 0, max: 520, fallback: 4 }),
  BACKUP_KEEP_MONTHLY: wholeNumber("BACKUP_KEEP_MONTHLY", { min: 0, max: 1200, fallback: 12 }),
};
