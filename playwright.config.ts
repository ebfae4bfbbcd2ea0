import { defineConfig } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./scripts/support/chromium.ts";
import { serverNodeFlags } from "./scripts/support/server-flags.ts";
import { e2eServers, fakeStripe } from "./tests/support/servers.ts";

/** End-to-end tests: Debian's Chromium against the real built server and its database (run `npm run build` first). */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"], ["./tests/support/slowest-tests-reporter.ts"]],
  use: {
    baseURL: e2eServers.main.url,
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    locale: "en-GB",
    trace: "off",
  },
  webServer: [
    // The local Stripe, sending its webhooks to the server that takes payments through it.
    {
      command: "node tests/support/fake-stripe/main.ts",
      url: `${fakeStripe.url}/healthz`,
      env: {
        FAKE_STRIPE_PORT: String(fakeStripe.port),
        FAKE_STRIPE_WEBHOOK_URL: `${e2eServers.stripe.url}/webhooks/stripe`,
        FAKE_STRIPE_WEBHOOK_SECRET: fakeStripe.webhookSecret,
      },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    ...Object.values(e2eServers).map((server) => ({
      // Each run starts from an empty database, mail folder and log; the shell keeps the server's output in a
      // file, which a test reads to prove no card data is ever logged.
      command: `rm -rf ${server.databaseFile}* ${server.outboxDirectory} && mkdir -p ${server.outboxDirectory} && node ${serverNodeFlags.join(" ")} server/index.ts > ${server.logFile} 2>&1`,
      url: `${server.url}/healthz`,
      env: server.env,
      reuseExistingServer: false,
      timeout: 60_000,
    })),
  ],
});
