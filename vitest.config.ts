import { defineConfig } from "vitest/config";
import { blogContentAlias } from "./scripts/bundle/blog-content.ts";
import { pageScripts } from "./scripts/bundle/page-scripts.ts";

export default defineConfig({
  // The code under test writes the page scripts built from app/browser/, as the app's build does.
  plugins: [pageScripts()],
  resolve: { alias: blogContentAlias() },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "server/**/*.test.ts",
      "common/**/*.test.ts",
      "content/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/support/**/*.test.ts",
      "tests/fourth-language/**/*.test.ts",
      "docs/**/*.test.ts",
    ],
    environment: "node",
    // The limits catch a test that hangs; they measure nothing. Real work (a migration on PostgreSQL, a
    // thousand generated cookies) takes seconds, and five times that on a CI machine with a core taken.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The server's info lines (an event applied, a mail sent) are noise in a test run; problems still show.
    env: { LOG_LEVEL: "warn" },
  },
});
