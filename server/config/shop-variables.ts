/** The variables of the shop: payments, the console, delivery and the forms' limits. */
import { z } from "zod";
import { TAX_MODES } from "../../common/tax-rates.ts";
import { canParse, flag, problem, wholeNumber } from "./checks.ts";

/** The payment processors this build knows (`server/payments/index.ts` creates them). */
export const PAYMENT_GATEWAYS = ["test", "stripe"] as const;

export const shopVariables = {
  /**
   * The payment processor; `test` is the built-in one that moves no money (the checkout says so). The default
   * outside production; production must name one (server/config.ts, productionProblems).
   */
  PAYMENT_GATEWAY: z
    .enum(PAYMENT_GATEWAYS, {
      error: problem(
        `must be ${PAYMENT_GATEWAYS.join(" or ")}: "test" moves no money, "stripe" takes real payments through Stripe Checkout, e.g. PAYMENT_GATEWAY=stripe`,
      ),
    })
    .default("test"),
  /**
   * With NODE_ENV=production and PAYMENT_GATEWAY=test: the operator means it (a rehearsal of the whole shop).
   * The test gateway approves any valid card number and moves no money, so it is never taken by default.
   */
  ALLOW_TEST_PAYMENTS: flag("must be true or false, e.g. ALLOW_TEST_PAYMENTS=true"),
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
  /**
   * How long the test gateway takes to answer a charge, in milliseconds: a real processor's pause, so the
   * checkout's waiting message shows. The reliability suite shortens it to charge hundreds of renewals quickly.
   */
  TEST_GATEWAY_DELAY_MS: wholeNumber("TEST_GATEWAY_DELAY_MS", { min: 0, max: 10_000, fallback: 400 }),
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
  OPERATOR_REQUIRE_2FA: flag("must be true or false, e.g. OPERATOR_REQUIRE_2FA=true"),
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
  /**
   * Years a paid order is kept after its payment when its customer deletes their account: the accounting
   * period (name and postal address kept for the invoice, the rest erased). Past it, or unpaid, an order is
   * anonymised entirely (docs/decisions/0020-customer-data-export-and-erasure.md).
   */
  ORDER_RETENTION_YEARS: wholeNumber("ORDER_RETENTION_YEARS", { min: 1, max: 30, fallback: 10 }),
  /**
   * How invoices charge VAT (docs/decisions/0021-invoices-and-tax.md, 0024-vat-at-checkout-and-stripe-tax.md):
   * `none` says no VAT is charged; `eu-oss` takes the rate of the customer's EU country from
   * content/tax-rates.json (0 % outside the EU); `stripe` lets Stripe Tax work it out on the Checkout Session
   * and records what Stripe computed (it needs PAYMENT_GATEWAY=stripe, checked in server/config.ts).
   */
  TAX_MODE: z
    .enum(TAX_MODES, {
      error: problem(
        'must be none, eu-oss or stripe: "none" charges no VAT, "eu-oss" the EU rates of content/tax-rates.json, "stripe" what Stripe Tax computes',
      ),
    })
    .default("none"),
  /** Checkout posts one address may make in ten minutes. */
  CHECKOUT_RATE_LIMIT: wholeNumber("CHECKOUT_RATE_LIMIT", { min: 1, max: 1_000_000_000, fallback: 10 }),
  /** Contact-form posts one address may make in ten minutes. */
  CONTACT_RATE_LIMIT: wholeNumber("CONTACT_RATE_LIMIT", { min: 1, max: 1_000_000_000, fallback: 5 }),
  /** Newsletter sign-ups one address may make in ten minutes. */
  NEWSLETTER_RATE_LIMIT: wholeNumber("NEWSLETTER_RATE_LIMIT", { min: 1, max: 1_000_000_000, fallback: 5 }),
  /** Account sign-in (and step-up code) mails one e-mail address may be sent in an hour; more are answered alike but not sent. */
  ACCOUNT_MAIL_RATE_LIMIT: wholeNumber("ACCOUNT_MAIL_RATE_LIMIT", { min: 1, max: 1_000_000_000, fallback: 5 }),
  /** Account sign-in requests one client address may make in an hour. */
  ACCOUNT_SIGN_IN_RATE_LIMIT: wholeNumber("ACCOUNT_SIGN_IN_RATE_LIMIT", { min: 1, max: 1_000_000_000, fallback: 20 }),
};
