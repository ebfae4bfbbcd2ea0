/**
 * Every environment variable the server reads, in one zod schema, checked once at start (`loadConfig` in
 * server/index.ts). A wrong value stops the start with a message naming the variable, what is wrong with it
 * and an example of a right value; every problem is listed at once. App code reads the result through
 * `serverConfig()`, never `process.env`.
 *
 * An unset variable and one set to an empty string (`SMTP_URL=` in a compose or .env file) both mean "use
 * the default". The table in docs/configuration.md lists the same variables: keep the two together.
 */
import { z } from "zod";
import { backupVariables } from "./config/backup-variables.ts";
import { processVariables } from "./config/process-variables.ts";
import { serverVariables } from "./config/server-variables.ts";
import { shopVariables } from "./config/shop-variables.ts";

export { MAX_WEB_CONCURRENCY } from "./config/process-variables.ts";
export { LOG_LEVELS } from "./config/server-variables.ts";
export { PAYMENT_GATEWAYS } from "./config/shop-variables.ts";

const schema = z.object({ ...serverVariables, ...processVariables, ...shopVariables, ...backupVariables });

/**
 * What only makes sense across variables: Stripe needs its keys, Stripe Tax needs Stripe, a live key is for
 * production only, and several processes need PostgreSQL.
 */
const checkedSchema = schema.superRefine((config, context) => {
  const fail = (path: keyof typeof config, message: string) => context.addIssue({ code: "custom", path: [path], message });
  if (config.PAYMENT_GATEWAY === "stripe") {
    if (!config.STRIPE_SECRET_KEY) fail("STRIPE_SECRET_KEY", "must be set with PAYMENT_GATEWAY=stripe, e.g. STRIPE_SECRET_KEY=sk_test_…");
    if (!config.STRIPE_WEBHOOK_SECRET) {
      fail(
        "STRIPE_WEBHOOK_SECRET",
        "must be set with PAYMENT_GATEWAY=stripe: without it no payment can be confirmed (the signing secret of the endpoint /webhooks/stripe, whsec_…)",
      );
    }
  }
  // Stripe Tax works on Stripe's Checkout Sessions: with the test gateway nothing would compute the tax.
  if (config.TAX_MODE === "stripe" && config.PAYMENT_GATEWAY !== "stripe") {
    fail(
      "TAX_MODE",
      `is stripe (Stripe Tax), which needs PAYMENT_GATEWAY=stripe, and PAYMENT_GATEWAY is ${config.PAYMENT_GATEWAY}: set PAYMENT_GATEWAY=stripe, or TAX_MODE=eu-oss to charge the rates of content/tax-rates.json`,
    );
  }
  if (config.FULFILMENT_WEBHOOK_URL && !config.FULFILMENT_WEBHOOK_SECRET) {
    fail("FULFILMENT_WEBHOOK_SECRET", "must be set with FULFILMENT_WEBHOOK_URL: your provisioning system checks every request with it");
  }
  // The embedded SQLite has one writer per process by design: each process reaches the file through one
  // connection, with transactions that read before they write and node:sqlite waiting for the file lock
  // synchronously. Across processes those transactions would fail with "database is locked" or stall a
  // whole worker on the lock, so a cluster needs PostgreSQL, whose row locks and leases it is built for.
  if (config.WEB_CONCURRENCY > 1 && !config.DATABASE_URL) {
    fail(
      "WEB_CONCURRENCY",
      `asks for ${config.WEB_CONCURRENCY} processes, which need PostgreSQL: set DATABASE_URL (postgres://…), or unset WEB_CONCURRENCY to run one process on the embedded SQLite file`,
    );
  }
  if (config.JOB_PROCESS && !config.DATABASE_URL) {
    fail(
      "JOB_PROCESS",
      "asks for a process of its own for the jobs, which needs PostgreSQL: set DATABASE_URL (postgres://…), or unset JOB_PROCESS to run the jobs in the server's process on the embedded SQLite file",
    );
  }
  if (config.STRIPE_SECRET_KEY && /^(sk|rk)_live_/.test(config.STRIPE_SECRET_KEY) && config.NODE_ENV !== "production") {
    fail(
      "STRIPE_SECRET_KEY",
      `is a live key, which moves real money, and NODE_ENV is ${config.NODE_ENV}: use a test key (sk_test_…) outside production`,
    );
  }
});
export type ServerConfig = z.output<typeof schema>;

/** The names of every variable the server reads, in the schema's order. */
export const CONFIG_VARIABLES = Object.keys(schema.shape) as (keyof ServerConfig)[];

/** A configuration that cannot start the server: `problems` has one line per variable, `message` all of them. */
export class ConfigError extends Error {
  override name = "ConfigError";
  readonly problems: string[];
  constructor(problems: string[]) {
    super(
      [
        "The server cannot start: its configuration is not valid.",
        ...problems.map((line) => `  ${line}`),
        "Fix these environment variables (or unset them to use the defaults) and start again; docs/configuration.md lists them all.",
      ].join("\n"),
    );
    this.problems = problems;
  }
}

/** Checks the variables (those in `env` that the server reads) and returns them typed, defaults filled in; throws a ConfigError listing every problem. */
export function parseConfig(env: Readonly<Record<string, string | undefined>>): ServerConfig {
  const input: Record<string, string> = {};
  for (const name of CONFIG_VARIABLES) {
    const value = env[name];
    if (value !== undefined && value.trim() !== "") input[name] = value;
  }
  const parsed = checkedSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join(".") || "environment"}: ${issue.message}`);
  throw new ConfigError([...new Set(problems)]);
}

/** Whether each server process runs its jobs in a job process of its own (JOB_PROCESS; by default on PostgreSQL). */
export function jobsInOwnProcess(config: Pick<ServerConfig, "JOB_PROCESS" | "DATABASE_URL">): boolean {
  return config.JOB_PROCESS ?? config.DATABASE_URL !== undefined;
}

/** What is allowed but probably not meant, for the start-up log. */
export function configWarnings(config: ServerConfig): string[] {
  const warnings: string[] = [];
  if (config.NODE_ENV === "production" && config.SMTP_URL === undefined) {
    warnings.push(
      `SMTP_URL is not set: customers get no mail at all. Their order confirmations and access details, like every other mail, are only written as .eml files to ${config.MAIL_OUTBOX_DIR} on this server. Set SMTP_URL (e.g. smtps://user:password@smtp.example.com:465) to send them.`,
    );
  }
  if (config.NODE_ENV === "production" && config.PAYMENT_GATEWAY === "test") {
    warnings.push(
      "PAYMENT_GATEWAY is test (ALLOW_TEST_PAYMENTS=true): the checkout approves any valid card number, moves no money and says it is in test mode. Set PAYMENT_GATEWAY=stripe to take payments.",
    );
  }
  const processes = config.WEB_CONCURRENCY * (jobsInOwnProcess(config) ? 2 : 1);
  const connections = processes * config.DATABASE_POOL_MAX;
  if (config.DATABASE_URL && connections > 90) {
    warnings.push(
      `${processes} processes (WEB_CONCURRENCY, and a job process each unless JOB_PROCESS=false) × DATABASE_POOL_MAX let this server alone open ${connections} PostgreSQL connections, near or over PostgreSQL's default max_connections (100): lower DATABASE_POOL_MAX.`,
    );
  }
  return warnings;
}

/**
 * What a production server cannot start without, though each value on its own is fine (tests and tools read
 * the same configuration without it). `env` tells a variable left unset from its default. One line per
 * problem, like a ConfigError's.
 */
export function productionProblems(config: ServerConfig, env: Readonly<Record<string, string | undefined>>): string[] {
  if (config.NODE_ENV !== "production") return [];
  const problems: string[] = [];
  if (!config.ACCESS_ENCRYPTION_KEY) {
    problems.push(
      "ACCESS_ENCRYPTION_KEY: must be set in production: access details and second factors are encrypted with it (make one with `openssl rand -hex 32`)",
    );
  }
  // The test gateway approves any valid card number, takes whole card numbers and pays the provisioning
  // system for free accounts: a production shop must never fall into it by leaving a variable out.
  if (!env.PAYMENT_GATEWAY?.trim()) {
    problems.push("PAYMENT_GATEWAY: must be set in production: stripe takes real payments (PAYMENT_GATEWAY=stripe)");
  } else if (config.PAYMENT_GATEWAY === "test" && !config.ALLOW_TEST_PAYMENTS) {
    problems.push(
      "PAYMENT_GATEWAY: is test, which approves any valid card number and moves no money: set PAYMENT_GATEWAY=stripe, or ALLOW_TEST_PAYMENTS=true as well to rehearse the shop in production",
    );
  }
  return problems;
}

let cached: ServerConfig | undefined;

/**
 * The configuration of this process, from `process.env`, parsed on first use and kept: what app modules
 * read. At start `loadConfig` has already checked the same variables, so this does not fail then; elsewhere
 * (tests, the development server) a wrong value throws the ConfigError. The app's server bundle has its own
 * copy of this module, so it parses once more: the same variables, the same result.
 */
export function serverConfig(): ServerConfig {
  cached ??= parseConfig(process.env);
  return cached;
}

/**
 * Checks the environment once, at start. A wrong value stops the process (exit code 1) with the message on
 * stderr, as plain text and without a stack trace; warnings (e.g. no mail server in production) go to
 * `log.warn` (the server passes its pino logger). Returns the configuration, which `serverConfig()` then
 * returns too when `env` is `process.env`.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, log: { warn(message: string): void } = console): ServerConfig {
  let config: ServerConfig;
  try {
    config = parseConfig(env);
    const missing = productionProblems(config, env);
    if (missing.length > 0) throw new ConfigError(missing);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  for (const warning of configWarnings(config)) log.warn(`Configuration: ${warning}`);
  if (env === process.env) cached = config;
  return config;
}
