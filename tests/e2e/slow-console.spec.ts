/**
 * The site never waits for the console (docs/decisions/0029): while a console page's read runs far past its
 * limit, the home page and /healthz answer; the console page then says, in words and with a 503, that it took
 * too long. On SQLite (the console's reads run in processes of their own) and, when TEST_DATABASE_URL is set,
 * on PostgreSQL (the console's pool has a statement timeout). Each on a server of its own, whose inbox is made
 * slow on purpose (tests/support/slow-console.ts).
 */
import { randomBytes } from "node:crypto";
import common from "../../content/locales/admin/en/common.json" with { type: "json" };
import { signIn } from "../support/console.ts";
import { expect, test } from "../support/fixtures.ts";
import { e2eServers } from "../support/servers.ts";
import {
  addOperatorTo,
  dropDatabase,
  emptyDatabase,
  type OwnServer,
  type SlowTarget,
  slowDownInbox,
  startOwnServer,
} from "../support/slow-console.ts";

// Past the shared servers (port .. port+3) and the provisioning stub (port+4).
const firstPort = Number(new URL(e2eServers.main.url).port) + 5;
const root = `.e2e/${firstPort}`;
// Long enough that the visitors' requests below finish well inside it on a busy CI machine.
const limitSeconds = 6;

const targets: Array<{ name: string; port: number; target: SlowTarget | undefined }> = [
  { name: "SQLite", port: firstPort, target: { kind: "sqlite", file: `${root}/slow-console.db` } },
  {
    name: "PostgreSQL",
    port: firstPort + 1,
    target: process.env.TEST_DATABASE_URL
      ? { kind: "postgres", url: process.env.TEST_DATABASE_URL, schema: `slow_console_${randomBytes(4).toString("hex")}` }
      : undefined,
  },
];

for (const { name, port, target } of targets) {
  test.describe(`a slow console page on ${name}`, () => {
    test.skip(!target, "PostgreSQL: set TEST_DATABASE_URL");
    let server: OwnServer | undefined;
    const operator = {
      email: `slow.${randomBytes(3).toString("hex")}@shop.example`,
      password: `a long passphrase ${randomBytes(4).toString("hex")}`,
    };

    test.beforeAll(async () => {
      if (!target) return;
      await emptyDatabase(target);
      server = await startOwnServer(port, target, `${root}/slow-console-${target.kind}.log`, {
        CONSOLE_QUERY_TIMEOUT_MS: String(limitSeconds * 1000),
      });
      addOperatorTo(target, operator.email, operator.password);
      await slowDownInbox(target);
    });

    test.afterAll(async () => {
      await server?.stop();
      if (target) await dropDatabase(target);
    });

    test("leaves the home page and /healthz answering, then says it took too long", async ({ page, request, consoleErrors }) => {
      // Two reads of the slow page, each to its limit.
      test.slow();
      // The browser logs the page's 503: that is the answer this test expects.
      consoleErrors.allow(/status of 503/);
      const url = server?.url ?? "";
      await signIn(page, operator, `${url}/admin/orders`);
      await expect(page).toHaveURL(`${url}/admin/orders`);

      // The home page rendered once before: what is measured below is waiting, not a first render.
      expect((await request.get(`${url}/`)).status()).toBe(200);

      // The slow read is asked for with the browser's session but outside its page: a navigation of the page
      // can be cut short by the page it leaves (its scripts still loading), which would end the wait early.
      let consoleAnswered = false;
      const slowRead = page.request.get(`${url}/admin/messages`).finally(() => {
        consoleAnswered = true;
      });
      // The console's read is under way (it cannot end before its limit): the visitors' side still answers.
      await page.waitForTimeout(500);
      const [home, health] = await Promise.all([request.get(`${url}/`), request.get(`${url}/healthz`)]);
      expect(home.status()).toBe(200);
      expect(health.status()).toBe(200);
      expect(consoleAnswered, "the console page answered before its read could be slow: is the inbox slowed down?").toBe(false);
      const read = await slowRead;
      expect(read.status()).toBe(503);
      expect(await read.text()).toContain(common.tooSlow.heading);

      // What the operator sees: the same page, in words, in the console's frame.
      const answer = await page.goto(`${url}/admin/messages`);
      expect(answer?.status()).toBe(503);
      await expect(page.getByRole("heading", { level: 1, name: common.tooSlow.heading })).toBeVisible();
      await expect(page.getByText(common.tooSlow.text.replace("{{seconds}}", String(limitSeconds)))).toBeVisible();
      await expect(page.getByRole("link", { name: common.tooSlow.retry })).toBeVisible();
    });
  });
}
