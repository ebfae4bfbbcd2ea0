/** The variables of the server itself: where it listens, its logs, its database and its mail. */
import { z } from "zod";
import { readAllowedHosts } from "./allowed-hosts.ts";
import { canParse, flag, mailbox, optionalFlag, problem, wholeNumber } from "./checks.ts";

/** pino's levels, most to least severe; `silent` logs nothing. */
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

export const serverVariables = {
  /** The TCP port the server listens on. */
  PORT: wholeNumber("PORT", { min: 1, max: 65535, fallback: 3000 }),
  /** The interface the server listens on: `0.0.0.0` is every IPv4 interface, `::` every interface, `127.0.0.1` this machine only. */
  HOST: z
    .string()
    .trim()
    .regex(/^[\w.:[\]-]+$/, { error: problem("must be a host name or an address to listen on, e.g. HOST=0.0.0.0 or HOST=127.0.0.1") })
    .default("0.0.0.0"),
  /** `production` for real visitors (the default); `development` and `test` are for the tools. */
  NODE_ENV: z
    .enum(["production", "development", "test"], { error: problem("must be production, development or test, e.g. NODE_ENV=production") })
    .default("production"),
  /**
   * How many background jobs (mails, provisioning calls, renewal charges) one server runs at once. Most wait
   * on another service; several in flight drain a queue of thousands in minutes rather than hours.
   */
  JOB_CONCURRENCY: wholeNumber("JOB_CONCURRENCY", { min: 1, max: 64, fallback: 8 }),
  /**
   * With a backlog of jobs, how long a server rests after each batch, as a percentage of the batch's time:
   * 100 runs jobs half the time and leaves the cores to visitors the other half. 0 drains at full speed.
   */
  JOB_REST_PERCENT: wholeNumber("JOB_REST_PERCENT", { min: 0, max: 400, fallback: 0 }),
  /**
   * Whether each server runs its jobs in a process of its own, started and restarted by the server, at a
   * lower CPU priority than the one answering visitors. Unset: yes on PostgreSQL, no on the embedded SQLite
   * file (one process writes to it). See server/job-process.ts.
   */
  JOB_PROCESS: optionalFlag("must be true or false, e.g. JOB_PROCESS=false to run the jobs in the server's own process"),
  /** Milliseconds to let requests in flight finish after SIGTERM before the process exits anyway. */
  SHUTDOWN_GRACE_MS: wholeNumber("SHUTDOWN_GRACE_MS", { min: 0, max: 120_000, fallback: 10_000 }),
  /** How much the server logs (pino's levels); `info` logs every request. */
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: problem(`must be one of ${LOG_LEVELS.join(", ")}, e.g. LOG_LEVEL=info`) }).default("info"),
  /**
   * Whether the server sits behind a load balancer or proxy it trusts: then the visitor's address (for the
   * per-address form limits and the country lookup) is taken from `X-Forwarded-For`, and a CDN's country header
   * (`CF-IPCountry`, `CloudFront-Viewer-Country`, `X-Vercel-IP-Country`) answers /api/country. Leave it off when
   * visitors reach the server directly, or they could pick their own address.
   */
  TRUST_PROXY: flag("must be true or false, e.g. TRUST_PROXY=true behind a load balancer"),
  /**
   * Whether stored pages are answered by the fast lane (server/fast-lane.ts, which reads a connection's
   * requests itself) before node:http. `false` leaves every request to node:http alone: the same answers,
   * fewer per second; for ruling the lane out when something looks wrong at the HTTP level.
   */
  FAST_LANE: flag("must be true or false, e.g. FAST_LANE=false to leave every request to node:http", true),
  /**
   * The host names this site answers to, comma-separated, each with a port or not; a request for any other
   * (a stranger's domain pointed at this server, a Host header made up) gets 421, except the health checks.
   * Unset: every host name is answered.
   */
  ALLOWED_HOSTS: z
    .string()
    .trim()
    .refine((value) => readAllowedHosts(value) !== null, {
      error: problem(
        "must be host names, each with a port or not, separated by commas, e.g. ALLOWED_HOSTS=shop.example.com,www.shop.example.com",
      ),
    })
    .transform((value) => readAllowedHosts(value) ?? [])
    .optional(),
  /**
   * A third-party IP-geolocation JSON service for the browser to ask for the visitor's country instead of this
   * server (https; http only on localhost, for a local stand-in). That service then sees every first-time
   * visitor's address, and the page's Content-Security-Policy admits its origin. Unset: `geolocation.endpoint`
   * of content/site.ts, by default this site's own /api/country, which looks the address up locally.
   */
  GEOLOCATION_URL: z
    .string()
    .trim()
    .refine(
      (value) => {
        if (!canParse(value)) return false;
        const url = new URL(value);
        const local = url.hostname === "localhost" || url.hostname === "127.0.0.1";
        return url.protocol === "https:" || (url.protocol === "http:" && local);
      },
      {
        error: problem(
          "must be an https:// URL of an IP-geolocation JSON service, e.g. GEOLOCATION_URL=https://ipapi.co/json/ (http:// only on localhost); unset it to answer on this server",
        ),
      },
    )
    .transform((value) => new URL(value).href)
    .optional(),
  /**
   * A `postgres://` or `postgresql://` URL selects PostgreSQL (needed for several servers). Unset: the
   * embedded SQLite file `SQLITE_FILE`.
   */
  DATABASE_URL: z
    .string()
    .trim()
    .refine((value) => /^postgres(ql)?:\/\//i.test(value) && canParse(value), {
      error: problem(
        "must be a postgres:// or postgresql:// URL, e.g. postgres://user:password@host:5432/db (percent-encode special characters in the password; unset it to use the embedded SQLite file)",
        { secret: true },
      ),
    })
    .optional(),
  /** PostgreSQL only: the most connections one server opens. Servers × this must stay under PostgreSQL's `max_connections` (100 by default). */
  DATABASE_POOL_MAX: wholeNumber("DATABASE_POOL_MAX", { min: 1, max: 1000, fallback: 10 }),
  /**
   * The longest one console read may run (ms): past it the read is stopped (SQLite: its reader process is
   * killed; PostgreSQL: the console's statement timeout) and the page says so. Visitors never wait on it.
   */
  CONSOLE_QUERY_TIMEOUT_MS: wholeNumber("CONSOLE_QUERY_TIMEOUT_MS", { min: 100, max: 600_000, fallback: 10_000 }),
  /** The embedded SQLite database (used when DATABASE_URL is unset), created on first start with its folder. */
  SQLITE_FILE: z.string().trim().default("data/site.db"),
  /**
   * The mail server, e.g. `smtps://user:password@smtp.example.com:465` (or `smtp://…:587` with STARTTLS).
   * Unset: every mail is written as an `.eml` file to MAIL_OUTBOX_DIR instead of being sent.
   */
  SMTP_URL: z
    .string()
    .trim()
    .refine((value) => /^smtps?:\/\/[^/]/i.test(value) && canParse(value), {
      error: problem(
        "must be an smtp:// or smtps:// URL, e.g. SMTP_URL=smtps://user:password@smtp.example.com:465 (percent-encode special characters in the password; unset it to write mails to MAIL_OUTBOX_DIR)",
        { secret: true },
      ),
    })
    .optional(),
  /** Where mails are written as `.eml` files when SMTP_URL is unset; created when needed. */
  MAIL_OUTBOX_DIR: z.string().trim().default("data/outbox"),
  /** Where articles' social cards are kept once drawn (on their first request); created when needed, safe to delete. */
  SOCIAL_CARD_CACHE_DIR: z.string().trim().default("data/social-cards"),
  /** The sender of every mail, an address or `Name <address>`. Unset: the brand and support address of content/site.ts. */
  MAIL_FROM: z
    .string()
    .trim()
    .refine(
      (value) => {
        const named = /^([^<>\r\n]*)<([^<>]+)>$/.exec(value);
        return mailbox.test(named ? (named[2] ?? "") : value);
      },
      { error: problem('must be a mail address or a name and an address, e.g. MAIL_FROM="NovaStream <no-reply@example.com>"') },
    )
    .optional(),
  /** Where contact-form messages are sent. Unset: the support address of content/site.ts. */
  OPERATOR_EMAIL: z
    .string()
    .trim()
    .refine((value) => mailbox.test(value), { error: problem("must be a mail address, e.g. OPERATOR_EMAIL=support@example.com") })
    .optional(),
};
