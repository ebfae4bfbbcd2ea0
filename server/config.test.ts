import { afterEach, describe, expect, it, vi } from "vitest";
import { problemsOf } from "../tests/support/config-problems.ts";
import { CONFIG_VARIABLES, ConfigError, configWarnings, loadConfig, parseConfig } from "./config.ts";

describe("the server's configuration", () => {
  it("has a default for everything (production also needs ACCESS_ENCRYPTION_KEY and PAYMENT_GATEWAY, see below)", () => {
    expect(parseConfig({})).toEqual({
      PORT: 3000,
      HOST: "0.0.0.0",
      NODE_ENV: "production",
      JOB_CONCURRENCY: 8,
      JOB_REST_PERCENT: 0,
      SHUTDOWN_GRACE_MS: 10_000,
      LOG_LEVEL: "info",
      TRUST_PROXY: false,
      FAST_LANE: true,
      DATABASE_POOL_MAX: 10,
      CONSOLE_QUERY_TIMEOUT_MS: 10_000,
      WEB_CONCURRENCY: 1,
      SQLITE_FILE: "data/site.db",
      MAIL_OUTBOX_DIR: "data/outbox",
      SOCIAL_CARD_CACHE_DIR: "data/social-cards",
      PAYMENT_GATEWAY: "test",
      ALLOW_TEST_PAYMENTS: false,
      CHECKOUT_DECLINE_LIMIT: 5,
      RECONCILE_AFTER_SECONDS: 600,
      OPERATOR_REQUIRE_2FA: false,
      FULFILMENT_ALERT_MINUTES: 15,
      ORDER_RETENTION_YEARS: 10,
      TAX_MODE: "none",
      TEST_GATEWAY_DELAY_MS: 400,
      CHECKOUT_RATE_LIMIT: 10,
      CONTACT_RATE_LIMIT: 5,
      NEWSLETTER_RATE_LIMIT: 5,
      ACCOUNT_MAIL_RATE_LIMIT: 5,
      ACCOUNT_SIGN_IN_RATE_LIMIT: 20,
      BACKUP_S3_PREFIX: "backups/",
      BACKUP_S3_REGION: "us-east-1",
      BACKUP_TIME: "03:00",
      BACKUP_KEEP_DAILY: 7,
      BACKUP_KEEP_WEEKLY: 4,
      BACKUP_KEEP_MONTHLY: 12,
    });
  });

  it("reads the backups' variables, and says what is wrong with a key or a time without echoing the key", () => {
    const key = "AGE-SECRET-KEY-1QQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQ";
    const config = parseConfig({
      BACKUP_ENCRYPTION_KEY: key,
      BACKUP_DIR: "/var/backups/shop",
      BACKUP_S3_PREFIX: "nightly",
      BACKUP_TIME: "23:45",
    });
    expect(config).toMatchObject({
      BACKUP_ENCRYPTION_KEY: key,
      BACKUP_DIR: "/var/backups/shop",
      BACKUP_S3_PREFIX: "nightly/",
      BACKUP_TIME: "23:45",
    });
    const refused = () => parseConfig({ BACKUP_ENCRYPTION_KEY: "AGE-SECRET-KEY-1-not-a-key", BACKUP_TIME: "3am" });
    expect(refused).toThrow(/BACKUP_ENCRYPTION_KEY: must be an age identity/);
    expect(refused).toThrow(/BACKUP_TIME: must be a time of day in UTC as HH:MM/);
    expect(refused).not.toThrow(/not-a-key/);
  });

  it("reads every variable of a production set-up", () => {
    const config = parseConfig({
      PORT: "3401",
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      SHUTDOWN_GRACE_MS: "20000",
      LOG_LEVEL: "warn",
      TRUST_PROXY: "true",
      GEOLOCATION_URL: "https://geo.example.com/json/",
      DATABASE_URL: "postgres://site:s%40cret@db.internal:5432/site",
      DATABASE_POOL_MAX: "20",
      SMTP_URL: "smtps://mailer:secret@smtp.example.com:465",
      MAIL_FROM: "NovaStream <no-reply@novastream.example>",
      OPERATOR_EMAIL: "team@novastream.example",
      PAYMENT_GATEWAY: "stripe",
      STRIPE_SECRET_KEY: "sk_live_51AbC",
      STRIPE_WEBHOOK_SECRET: "whsec_AbC123",
      STRIPE_API_BASE: "http://localhost:12111/",
      CHECKOUT_DECLINE_LIMIT: "3",
      RECONCILE_AFTER_SECONDS: "300",
      CHECKOUT_RATE_LIMIT: "30",
      CONTACT_RATE_LIMIT: "6",
      NEWSLETTER_RATE_LIMIT: "7",
    });
    expect(config).toMatchObject({
      PORT: 3401,
      HOST: "127.0.0.1",
      SHUTDOWN_GRACE_MS: 20_000,
      LOG_LEVEL: "warn",
      TRUST_PROXY: true,
      GEOLOCATION_URL: "https://geo.example.com/json/",
      DATABASE_URL: "postgres://site:s%40cret@db.internal:5432/site",
      DATABASE_POOL_MAX: 20,
      SMTP_URL: "smtps://mailer:secret@smtp.example.com:465",
      MAIL_FROM: "NovaStream <no-reply@novastream.example>",
      OPERATOR_EMAIL: "team@novastream.example",
      PAYMENT_GATEWAY: "stripe",
      STRIPE_SECRET_KEY: "sk_live_51AbC",
      STRIPE_WEBHOOK_SECRET: "whsec_AbC123",
      STRIPE_API_BASE: "http://localhost:12111",
      CHECKOUT_DECLINE_LIMIT: 3,
      RECONCILE_AFTER_SECONDS: 300,
      CHECKOUT_RATE_LIMIT: 30,
      CONTACT_RATE_LIMIT: 6,
      NEWSLETTER_RATE_LIMIT: 7,
    });
  });

  it("treats a variable set to an empty string as unset", () => {
    expect(parseConfig({ PORT: "", DATABASE_URL: "", SMTP_URL: "  ", TRUST_PROXY: "" })).toMatchObject({ PORT: 3000, TRUST_PROXY: false });
    expect(parseConfig({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });

  it("ignores variables it does not know", () => {
    expect(parseConfig({ PATH: "/usr/bin", HOME: "/root" })).toEqual(parseConfig({}));
  });

  it.each([
    ["TRUST_PROXY", "1", true],
    ["TRUST_PROXY", "yes", true],
    ["TRUST_PROXY", "false", false],
    ["TRUST_PROXY", "0", false],
    ["DATABASE_URL", "postgresql://localhost/site", "postgresql://localhost/site"],
    ["SMTP_URL", "smtp://localhost:1025", "smtp://localhost:1025"],
    ["GEOLOCATION_URL", "http://localhost:3201/json/", "http://localhost:3201/json/"],
    ["MAIL_FROM", "no-reply@example.com", "no-reply@example.com"],
    ["HOST", "::", "::"],
    ["LOG_LEVEL", "silent", "silent"],
  ])("accepts %s=%s", (name, value, expected) => {
    expect(parseConfig({ [name]: value })[name as keyof ReturnType<typeof parseConfig>]).toEqual(expected);
  });

  it.each([
    ["PORT", "http", 'PORT: must be a whole number from 1 to 65535, e.g. PORT=3000 (got "http")'],
    ["PORT", "70000", "PORT: must be a whole number from 1 to 65535, e.g. PORT=3000 (got 70000)"],
    ["PORT", "3000.5", 'PORT: must be a whole number from 1 to 65535, e.g. PORT=3000 (got "3000.5")'],
    ["NODE_ENV", "prod", 'NODE_ENV: must be production, development or test, e.g. NODE_ENV=production (got "prod")'],
    ["SHUTDOWN_GRACE_MS", "-1", 'SHUTDOWN_GRACE_MS: must be a whole number from 0 to 120000, e.g. SHUTDOWN_GRACE_MS=10000 (got "-1")'],
    [
      "LOG_LEVEL",
      "verbose",
      'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent, e.g. LOG_LEVEL=info (got "verbose")',
    ],
    ["TRUST_PROXY", "maybe", 'TRUST_PROXY: must be true or false, e.g. TRUST_PROXY=true behind a load balancer (got "maybe")'],
    ["GEOLOCATION_URL", "http://ipapi.co/json/", "GEOLOCATION_URL: must be an https:// URL"],
    ["GEOLOCATION_URL", "ipapi.co/json", "GEOLOCATION_URL: must be an https:// URL"],
    [
      "DATABASE_URL",
      "mysql://root:hunter2@db/site",
      "DATABASE_URL: must be a postgres:// or postgresql:// URL, e.g. postgres://user:password@host:5432/db",
    ],
    ["DATABASE_URL", "site.db", "DATABASE_URL: must be a postgres:// or postgresql:// URL"],
    ["DATABASE_POOL_MAX", "0", "DATABASE_POOL_MAX: must be a whole number from 1 to 1000, e.g. DATABASE_POOL_MAX=10 (got 0)"],
    [
      "SMTP_URL",
      "smtp.example.com:465",
      "SMTP_URL: must be an smtp:// or smtps:// URL, e.g. SMTP_URL=smtps://user:password@smtp.example.com:465",
    ],
    [
      "MAIL_FROM",
      "NovaStream",
      'MAIL_FROM: must be a mail address or a name and an address, e.g. MAIL_FROM="NovaStream <no-reply@example.com>"',
    ],
    ["OPERATOR_EMAIL", "support at example.com", "OPERATOR_EMAIL: must be a mail address, e.g. OPERATOR_EMAIL=support@example.com"],
    ["PAYMENT_GATEWAY", "paypal", 'PAYMENT_GATEWAY: must be test or stripe: "test" moves no money'],
    ["TAX_MODE", "vat", 'TAX_MODE: must be none, eu-oss or stripe: "none" charges no VAT'],
    ["TAX_MODE", "stripe", "TAX_MODE: is stripe (Stripe Tax), which needs PAYMENT_GATEWAY=stripe, and PAYMENT_GATEWAY is test"],
    ["STRIPE_SECRET_KEY", "pk_test_123", "STRIPE_SECRET_KEY: must be a Stripe secret key, sk_live_… or sk_test_…"],
    ["STRIPE_WEBHOOK_SECRET", "secret", "STRIPE_WEBHOOK_SECRET: must be the webhook endpoint's signing secret, whsec_…"],
    [
      "STRIPE_API_BASE",
      "http://localhost:12111/v1",
      "STRIPE_API_BASE: must be a base URL with no path, e.g. STRIPE_API_BASE=http://localhost:12111",
    ],
    ["CHECKOUT_DECLINE_LIMIT", "0", "CHECKOUT_DECLINE_LIMIT: must be a whole number from 1 to 1000000, e.g. CHECKOUT_DECLINE_LIMIT=5"],
    ["CHECKOUT_RATE_LIMIT", "ten", "CHECKOUT_RATE_LIMIT: must be a whole number from 1 to 1000000000, e.g. CHECKOUT_RATE_LIMIT=10"],
    ["CONTACT_RATE_LIMIT", "0", "CONTACT_RATE_LIMIT: must be a whole number from 1 to 1000000000, e.g. CONTACT_RATE_LIMIT=5"],
    ["NEWSLETTER_RATE_LIMIT", "1e3", "NEWSLETTER_RATE_LIMIT: must be a whole number from 1 to 1000000000, e.g. NEWSLETTER_RATE_LIMIT=5"],
  ])("refuses %s=%s, saying what is wrong and how to fix it", (name, value, message) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(message);
  });

  it("needs Stripe's secret key and webhook secret with PAYMENT_GATEWAY=stripe", () => {
    expect(problemsOf({ PAYMENT_GATEWAY: "stripe" })).toEqual([
      expect.stringMatching(/^STRIPE_SECRET_KEY: must be set with PAYMENT_GATEWAY=stripe/),
      expect.stringMatching(/^STRIPE_WEBHOOK_SECRET: must be set with PAYMENT_GATEWAY=stripe/),
    ]);
    const stripe = parseConfig({ PAYMENT_GATEWAY: "stripe", STRIPE_SECRET_KEY: "sk_test_abc123", STRIPE_WEBHOOK_SECRET: "whsec_abc123" });
    expect(stripe.PAYMENT_GATEWAY).toBe("stripe");
    expect(stripe.STRIPE_API_BASE).toBeUndefined();
  });

  it("takes TAX_MODE=stripe (Stripe Tax) with PAYMENT_GATEWAY=stripe only", () => {
    const stripe = { PAYMENT_GATEWAY: "stripe", STRIPE_SECRET_KEY: "sk_test_abc123", STRIPE_WEBHOOK_SECRET: "whsec_abc123" };
    expect(parseConfig({ ...stripe, TAX_MODE: "stripe" }).TAX_MODE).toBe("stripe");
    expect(problemsOf({ TAX_MODE: "stripe", PAYMENT_GATEWAY: "test" })).toEqual([
      expect.stringMatching(
        /^TAX_MODE: is stripe \(Stripe Tax\), which needs PAYMENT_GATEWAY=stripe.*set PAYMENT_GATEWAY=stripe, or TAX_MODE=eu-oss/,
      ),
    ]);
  });

  it("refuses a live Stripe key outside production, and never repeats it", () => {
    const live = { PAYMENT_GATEWAY: "stripe", STRIPE_SECRET_KEY: "sk_live_hunter4", STRIPE_WEBHOOK_SECRET: "whsec_abc123" };
    const problems = problemsOf({ ...live, NODE_ENV: "development" });
    expect(problems).toEqual([
      expect.stringMatching(/^STRIPE_SECRET_KEY: is a live key, which moves real money, and NODE_ENV is development/),
    ]);
    expect(problems.join()).not.toMatch(/hunter4/);
    expect(parseConfig({ ...live, NODE_ENV: "production" }).STRIPE_SECRET_KEY).toBe("sk_live_hunter4");
  });

  it("never repeats a password in its messages", () => {
    const message = problemsOf({ DATABASE_URL: "mysql://root:hunter2@db/site", SMTP_URL: "http://mailer:hunter3@smtp" }).join("\n");
    expect(message).not.toMatch(/hunter/);
  });

  it("lists every problem at once, one line per variable, with a way out", () => {
    let error: unknown;
    try {
      parseConfig({ PORT: "x", DATABASE_URL: "sqlite://x", TRUST_PROXY: "maybe" });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message.split("\n");
    expect(message[0]).toBe("The server cannot start: its configuration is not valid.");
    expect(message.slice(1, 4).map((line) => line.trim().split(":")[0])).toEqual(["PORT", "TRUST_PROXY", "DATABASE_URL"]);
    expect(message.at(-1)).toMatch(/unset them to use the defaults/);
  });

  it("warns, in production without SMTP_URL, that customers get no mail at all, only files", () => {
    const warning = configWarnings(parseConfig({ NODE_ENV: "production" })).join();
    expect(warning).toMatch(/^SMTP_URL is not set: customers get no mail at all\./);
    expect(warning).toMatch(/order confirmations and access details.* only written as \.eml files to data\/outbox/);
    expect(configWarnings(parseConfig({ NODE_ENV: "production", SMTP_URL: "smtp://localhost" })).join()).not.toMatch(/SMTP_URL/);
    expect(configWarnings(parseConfig({ NODE_ENV: "development" }))).toEqual([]);
  });

  it("documents every variable in the table of docs/configuration.md", async () => {
    const { readFile } = await import("node:fs/promises");
    const reference = await readFile(new URL("../docs/configuration.md", import.meta.url), "utf8");
    const missing = CONFIG_VARIABLES.filter((name) => !reference.includes(`| \`${name}\``));
    expect(missing, "variables without a row in the table of docs/configuration.md").toEqual([]);
  });
});

describe("loading the configuration at start", () => {
  afterEach(() => vi.restoreAllMocks());

  it("returns it and logs the warnings", () => {
    const log = { warn: vi.fn() };
    const env = {
      NODE_ENV: "production",
      PORT: "3401",
      ACCESS_ENCRYPTION_KEY: "ab".repeat(32),
      PAYMENT_GATEWAY: "test",
      ALLOW_TEST_PAYMENTS: "true",
    };
    expect(loadConfig(env, log).PORT).toBe(3401);
    expect(log.warn).toHaveBeenCalledWith(expect.stringMatching(/^Configuration: SMTP_URL is not set/));
    expect(log.warn).toHaveBeenCalledWith(
      expect.stringMatching(/^Configuration: PAYMENT_GATEWAY is test .*approves any valid card number/),
    );
  });

  it("stops the process with the message alone when a value is wrong", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const exit = vi.spyOn(process, "exit").mockImplementation((() => {
      throw new Error("exit");
    }) as never);
    expect(() => loadConfig({ PORT: "x" }, { warn: vi.fn() })).toThrow("exit");
    expect(exit).toHaveBeenCalledWith(1);
    expect(error).toHaveBeenCalledOnce();
    expect(error.mock.calls[0]?.[0]).toMatch(
      /^The server cannot start: its configuration is not valid\.\n {2}PORT: must be a whole number/,
    );
    expect(error.mock.calls[0]?.[0]).not.toMatch(/\n\s+at /);
  });

  it("refuses to start in production without the key that encrypts access details, and says how to make one", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(process, "exit").mockImplementation((() => {
      throw new Error("exit");
    }) as never);
    expect(() => loadConfig({ NODE_ENV: "production" }, { warn: vi.fn() })).toThrow("exit");
    expect(error.mock.calls[0]?.[0]).toMatch(/\n {2}ACCESS_ENCRYPTION_KEY: must be set in production.*openssl rand -hex 32/);
    expect(loadConfig({ NODE_ENV: "development" }, { warn: vi.fn() }).ACCESS_ENCRYPTION_KEY).toBeUndefined();
  });

  it("refuses to start in production unless the payment gateway is named, and the test gateway meant", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(process, "exit").mockImplementation((() => {
      throw new Error("exit");
    }) as never);
    const production = { NODE_ENV: "production", ACCESS_ENCRYPTION_KEY: "ab".repeat(32) };
    const stripe = { PAYMENT_GATEWAY: "stripe", STRIPE_SECRET_KEY: "sk_live_x1", STRIPE_WEBHOOK_SECRET: "whsec_y2" };
    expect(() => loadConfig(production, { warn: vi.fn() })).toThrow("exit");
    expect(error.mock.calls[0]?.[0]).toMatch(/\n {2}PAYMENT_GATEWAY: must be set in production: stripe takes real payments/);
    expect(() => loadConfig({ ...production, PAYMENT_GATEWAY: "test" }, { warn: vi.fn() })).toThrow("exit");
    expect(error.mock.calls[1]?.[0]).toMatch(/\n {2}PAYMENT_GATEWAY: is test, .*ALLOW_TEST_PAYMENTS=true/);
    expect(() => loadConfig({ ...production, PAYMENT_GATEWAY: "test", ALLOW_TEST_PAYMENTS: "false" }, { warn: vi.fn() })).toThrow("exit");
    expect(loadConfig({ ...production, PAYMENT_GATEWAY: "test", ALLOW_TEST_PAYMENTS: "true" }, { warn: vi.fn() }).PAYMENT_GATEWAY).toBe(
      "test",
    );
    expect(loadConfig({ ...production, ...stripe }, { warn: vi.fn() }).PAYMENT_GATEWAY).toBe("stripe");
    // Outside production the test gateway stays the default, for trying the shop.
    expect(loadConfig({ NODE_ENV: "development" }, { warn: vi.fn() }).PAYMENT_GATEWAY).toBe("test");
  });

  it("accepts the key as 64 hex characters or 32 bytes of base64, and never repeats a wrong one", () => {
    expect(parseConfig({ ACCESS_ENCRYPTION_KEY: "0f".repeat(32) }).ACCESS_ENCRYPTION_KEY).toBe("0f".repeat(32));
    expect(parseConfig({ ACCESS_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64") }).ACCESS_ENCRYPTION_KEY).toBeDefined();
    const problems = problemsOf({ ACCESS_ENCRYPTION_KEY: "hunter5-too-short" });
    expect(problems).toEqual([expect.stringMatching(/^ACCESS_ENCRYPTION_KEY: must be 32 random bytes as 64 hex characters/)]);
    expect(problems.join()).not.toMatch(/hunter5/);
  });
});
