import { defineConfig } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./tests/support/chromium.ts";

const port = Number(process.env.E2E_PORT ?? 3100);

/** End-to-end tests: Debian's Chromium against the real built server (run `npm run build` first). */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    locale: "en-GB",
    trace: "off",
  },
  webServer: {
    command: "node server/index.ts",
    url: `http://localhost:${port}/healthz`,
    env: { PORT: String(port), NODE_ENV: "production" },
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
