/**
 * Every environment variable the server reads, in one zod schema, checked once at start (`loadConfig` in
 * server/index.ts). A wrong value stops the start with a message naming the variable, what is wrong with it
 * and an example of a right value; every problem is listed at once. App code reads the result through
 * `serverConfig()`, never `process.env`.
 *
 * An unset variable and one set to an empty string (`SMTP_URL=` in a compose or .env file) both mean "use
 * the default". The README's "Configuration" table lists the same variables: keep the two together.
 */
import { z } from "zod";

/** pino's levels, most to least severe; `silent` logs nothing. */
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** The payment processors this build knows (`server/payments/index.ts` creates them). */
export const PAYMENT_GATEWAYS = ["test", "stripe"] as const;

/** `"abc"` → ` (got "abc")`, for the error messages of values that are no secret. */
const got = (input: unknown) =>
  typeof input === "string"
    ? ` (got ${JSON.stringify(input.length > 80 ? `${input.slice(0, 80)}…` : input)})`
    : typeof input === "number"
      ? ` (got ${input})`
      : "";

/** An error message with the value that was given appended; `secret` leaves it out (URLs with passwords). */
const problem =
  (message: string, { secret = false } = {}) =>
  (issue: { input?: unknown }) =>
    secret ? message : `${message}${got(issue.input)}`;

function wholeNumber(
  name: string,
  { min, max, fallback, example = fallback }: { min: number; max: number; fallback: number; example?: number },
) {
  const error = problem(`must be a whole number from ${min} to ${max}, e.g. ${name}=${example}`);
  return z
    .string()
    .trim()
    .regex(/^\d+$/, { error })
    .transform(Number)
    .pipe(z.number().min(min, { error }).max(max, { error }))
    .default(fallback);
}

const canParse = (value: string) => URL.canParse(value);

/** An address such as `someone@example.com` (no spaces, one @, something on both sides). */
const mailbox = /^[^\s<>@",;]+@[^\s<>@",;]+$/;

const schema = z.object({
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
  /** Milliseconds to let requests in flight finish after SIGTERM before the process exits anyway. */
  SHUTDOWN_GRACE_MS: wholeNumber("SHUTDOWN_GRACE_MS", { min: 0, max: 120_000, fallback: 10_000 }),
  /** How much the server logs (pino's levels); `info` logs every request. */
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: problem(`must be one of ${LOG_LEVELS.join(", ")}, e.g. LOG_LEVEL=info`) }).default("info"),
  /**
   * Whether the server sits behind a load balancer or proxy it trusts: then the visitor's address (for the
   * per-address form limits and the logs) is taken from `X-Forwarded-For`. Leave it off when visitors reach
   * the server directly, or they could pick their own address.
   */
  TRUST_PROXY: z
    .stringbool({
      truthy: ["true", "1", "yes", "on"],
      falsy: ["false", "0", "no", "off"],
      error: problem("must be true or false, e.g. TRUST_PROXY=true behind a load balancer"),
    })
    .default(false),
  /**
   * The IP-geolocation JSON service the browser asks for the visitor's country (https; http only on
   * localhost, for a local stand-in). Unset: `geolocation.endpoint` of content/site.ts.
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
          "must be an https:// URL of an IP-geolocation JSON service, e.g. GEOLOCATION_URL=https://ipapi.co/json/ (http:// only on localhost)",
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
  /** The payment processor; `test` is the built-in one that moves no money (the checkout says so). */
  PAYMENT_GATEWAY: z
    .enum(PAYMENT_GATEWAYS, {
      error: problem(
        `must be ${PAYMENT_GATEWAYS.join(" or ")}: "test" moves no money, "stripe" takes real payments through Stripe Checkout, e.g. PAYMENT_GATEWAY=stripe`,
      ),
    })
    .default("test"),
  /**
   * Stripe's secret API key (`sk_live_…`, `sk_test_…`, or a restricted `rk_…` key), needed with
   * PAYMENT_GATEWAY=stripe. A live key is refused outside production.
   */
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .regex(/^(sk|rk)_(live|test)_\w+$/, {
      error: problem("must be a Stripe secret key, sk_live_… or sk_test_… (Dashboard → Developers → API keys)", { secret: true }),
    })
    .optional(),
  /** The signing secret of the webhook endpoint registered in Stripe (`whsec_…`), needed with PAYMENT_GATEWAY=stripe. */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .regex(/^whsec_[\w+/=]+$/, {
      error: problem("must be the webhook endpoint's signing secret, whsec_… (Dashboard → Developers → Webhooks → the endpoint)", {
        secret: true,
      }),
    })
    .optional(),
  /** A Stripe-compatible server (such as stripe-mock) for tests, `http(s)://host:port`; unset in production. */
  STRIPE_API_BASE: z
    .string()
    .trim()
    .refine((value) => /^https?:\/\/[^/?#]+\/?$/i.test(value) && canParse(value), {
      error: problem("must be a base URL with no path, e.g. STRIPE_API_BASE=http://localhost:12111 (leave it unset for Stripe itself)"),
    })
    .transform((value) => new URL(value).origin)
    .optional(),
  /** Declined payments one address, or one e-mail address, may have in an hour before the checkout refuses. */
  CHECKOUT_DECLINE_LIMIT: wholeNumber("CHECKOUT_DECLINE_LIMIT", { min: 1, max: 1_000_000, fallback: 5 }),
  /** Seconds an order may stay pending before reconciliation asks the payment processor what became of it. */
  RECONCILE_AFTER_SECONDS: wholeNumber("RECONCILE_AFTER_SECONDS", { min: 1, max: 86_400, fallback: 600 }),
  /**
   * The key that encrypts access details and second-factor secrets at rest (AES-256-GCM): 32 random bytes as
   * 64 hex characters (`openssl rand -hex 32`). Required in production; keep it out of the database's backups.
   */
  ACCESS_ENCRYPTION_KEY: z
    .string()
    .trim()
    .refine((value) => /^[0-9a-fA-F]{64}$/.test(value) || /^[A-Za-z0-9+/]{43}=$/.test(value), {
      error: problem("must be 32 random bytes as 64 hex characters, e.g. the output of `openssl rand -hex 32`", { secret: true }),
    })
    .optional(),
  /** Whether every operator must sign in with a second factor (TOTP); they are asked to set it up first. */
  OPERATOR_REQUIRE_2FA: z
    .stringbool({
      truthy: ["true", "1", "yes", "on"],
      falsy: ["false", "0", "no", "off"],
      error: problem("must be true or false, e.g. OPERATOR_REQUIRE_2FA=true"),
    })
    .default(false),
  /**
   * The operator's provisioning system: every paid order is POSTed there as signed JSON, and access details in
   * its answer fulfil the order at once. Unset: the operator delivers access from the console.
   */
  FULFILMENT_WEBHOOK_URL: z
    .string()
    .trim()
    .refine((value) => /^https?:\/\//i.test(value) && canParse(value), {
      error: problem(
        "must be an http(s):// URL of your provisioning system, e.g. FULFILMENT_WEBHOOK_URL=https://provisioning.example.com/orders",
        {
          secret: true,
        },
      ),
    })
    .optional(),
  /** The shared secret the provisioning webhook is signed with (HMAC-SHA256), at least 32 characters. */
  FULFILMENT_WEBHOOK_SECRET: z
    .string()
    .trim()
    .min(32, { error: problem("must be at least 32 characters, e.g. the output of `openssl rand -hex 32`", { secret: true }) })
    .optional(),
  /** Minutes a paid order may wait for its access before the operator is alerted (in the console and by mail). */
  FULFILMENT_ALERT_MINUTES: wholeNumber("FULFILMENT_ALERT_MINUTES", { min: 1, max: 10_080, fallback: 15 }),
  /** Checkout posts one address may make in ten minutes. */
  CHECKOUT_RATE_LIMIT: wholeNumber("CHECKOUT_RATE_LIMIT", { min: 1, max: 1_000_000_000, fallback: 10 }),
  /** Contact-form posts one address may make in ten minutes. */
  CONTACT_RATE_LIMIT: wholeNumber("CONTACT_RATE_LIMIT", { min: 1, max: 1_000_000_000, fallback: 5 }),
  /** Newsletter sign-ups one address may make in ten minutes. */
  NEWSLETTER_RATE_LIMIT: wholeNumber("NEWSLETTER_RATE_LIMIT", { min: 1, max: 1_000_000_000, fallback: 5 }),
});

/** What only makes sense across variables: Stripe needs its keys, and a live key is for production only. */
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
  if (config.FULFILMENT_WEBHOOK_URL && !config.FULFILMENT_WEBHOOK_SECRET) {
    fail("FULFILMENT_WEBHOOK_SECRET", "must be set with FULFILMENT_WEBHOOK_URL: your provisioning system checks every request with it");
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
        'Fix these environment variables (or unset them to use the defaults) and start again; the README\'s "Configuration" section lists them all.',
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

/** What is allowed but probably not meant, for the start-up log. */
export function configWarnings(config: ServerConfig): string[] {
  const warnings: string[] = [];
  if (config.NODE_ENV === "production" && config.SMTP_URL === undefined) {
    warnings.push(
      `SMTP_URL is not set: mails are not sent but written as .eml files to ${config.MAIL_OUTBOX_DIR}. Set SMTP_URL (e.g. smtps://user:password@smtp.example.com:465) to send them.`,
    );
  }
  if (config.NODE_ENV === "production" && config.PAYMENT_GATEWAY === "test") {
    warnings.push("PAYMENT_GATEWAY is test: the checkout moves no money and says it is in test mode.");
  }
  return warnings;
}

/**
 * What a production server cannot start without, though each value on its own is fine (tests and tools read
 * the same configuration without it). One line per problem, like a ConfigError's.
 */
export function productionProblems(config: ServerConfig): string[] {
  if (config.NODE_ENV !== "production" || config.ACCESS_ENCRYPTION_KEY) return [];
  return [
    "ACCESS_ENCRYPTION_KEY: must be set in production: access details and second factors are encrypted with it (make one with `openssl rand -hex 32`)",
  ];
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
    const missing = productionProblems(config);
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
