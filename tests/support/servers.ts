/**
 * The servers the end-to-end tests run against, each with its own database, mail folder and log file under
 * .e2e/<port> (not test-results, which Playwright empties when a run starts): the main one with form limits
 * high enough for the whole suite, behind a "trusted proxy" (so a test's X-Forwarded-For stands for a visitor's
 * address, as a CDN's would), a second one with low contact, newsletter and decline limits and two-step
 * sign-in required for the console, for the tests of those rules, without the fast lane (FAST_LANE=false),
 * with a provisioning system (e2eProvisioning) and charging VAT by the EU's rates (TAX_MODE=eu-oss), and a
 * third taking payments through Stripe, with Stripe Tax (TAX_MODE=stripe). The settings ride on servers that
 * exist for other reasons, rather than a server each: every server costs the suite its start.
 */
function server(name: string, port: number, extraEnv: Record<string, string> = {}) {
  const root = `.e2e/${port}`;
  return {
    url: `http://localhost:${port}`,
    databaseFile: `${root}/${name}.db`,
    outboxDirectory: `${root}/${name}-outbox`,
    logFile: `${root}/${name}.log`,
    env: {
      PORT: String(port),
      NODE_ENV: "production",
      // The built-in test gateway, which production takes only when asked for twice.
      PAYMENT_GATEWAY: "test",
      ALLOW_TEST_PAYMENTS: "true",
      // Made up for the tests: production refuses to start without one.
      ACCESS_ENCRYPTION_KEY: "e2e0".repeat(16),
      SQLITE_FILE: `${root}/${name}.db`,
      MAIL_OUTBOX_DIR: `${root}/${name}-outbox`,
      SOCIAL_CARD_CACHE_DIR: `${root}/${name}-social-cards`,
      CHECKOUT_RATE_LIMIT: "10000",
      CHECKOUT_DECLINE_LIMIT: "10000",
      CONTACT_RATE_LIMIT: "10000",
      NEWSLETTER_RATE_LIMIT: "10000",
      ACCOUNT_SIGN_IN_RATE_LIMIT: "10000",
      ...extraEnv,
    },
  };
}

const mainPort = Number(process.env.E2E_PORT ?? 3100);

/** The local Stripe the `stripe` server talks to (tests/support/fake-stripe), and the secret its webhooks are signed with. */
export const fakeStripe = {
  port: mainPort + 3,
  url: `http://localhost:${mainPort + 3}`,
  webhookSecret: "whsec_e2e_local_stripe",
};

/**
 * The provisioning system the `limited` server tells of paid orders and renewals (FULFILMENT_WEBHOOK_URL): a
 * test starts tests/support/fake-provisioning.ts on this port when it needs it; while none listens, the
 * server's attempts fail and are retried, and orders simply stay paid for the operator.
 */
export const e2eProvisioning = {
  port: mainPort + 4,
  url: `http://127.0.0.1:${mainPort + 4}/provisioning`,
  secret: "e2e-provisioning-shared-secret-0123456789",
};

export const e2eServers = {
  main: server("main", mainPort, { TRUST_PROXY: "true" }),
  limited: server("limited", mainPort + 1, {
    CONTACT_RATE_LIMIT: "2",
    NEWSLETTER_RATE_LIMIT: "2",
    ACCOUNT_SIGN_IN_RATE_LIMIT: "2",
    CHECKOUT_DECLINE_LIMIT: "2",
    // Several suites check out here from one client address within ten minutes; the checkout's own limit is
    // not what they test (its unit tests do), so it must not refuse them.
    CHECKOUT_RATE_LIMIT: "10000",
    // The card-testing test declines cards from an address of its own (X-Forwarded-For), so the hour's block
    // it earns never falls on the other suites' checkouts here.
    TRUST_PROXY: "true",
    OPERATOR_REQUIRE_2FA: "true",
    // node:http alone answers here, stored pages included, so the suite runs the server both ways.
    FAST_LANE: "false",
    FULFILMENT_WEBHOOK_URL: e2eProvisioning.url,
    FULFILMENT_WEBHOOK_SECRET: e2eProvisioning.secret,
    // tests/e2e/tax-eu-oss.spec.ts: the VAT of the customer's EU country, at checkout and on the invoice.
    TAX_MODE: "eu-oss",
  }),
  // Takes payments through Stripe Checkout (the local Stripe), and asks it about orders pending for 3 s.
  stripe: server("stripe", mainPort + 2, {
    PAYMENT_GATEWAY: "stripe",
    STRIPE_SECRET_KEY: "sk_test_e2e_local_stripe",
    STRIPE_WEBHOOK_SECRET: fakeStripe.webhookSecret,
    STRIPE_API_BASE: fakeStripe.url,
    RECONCILE_AFTER_SECONDS: "3",
    // tests/e2e/stripe-tax.spec.ts: Stripe Tax computes the VAT (the local Stripe, at its own rates).
    TAX_MODE: "stripe",
  }),
};
