/**
 * A console list read a page at a time (docs/decisions/0027): its first, previous, next and last links lead
 * through every row once, keep the list's filter, and show only where there is somewhere to go. The audit
 * log stands for every list: they share the links (app/admin/list/Pagination.tsx) and the way a page is read.
 */
import type { Locator, Page } from "@playwright/test";
import audit from "../../content/locales/admin/en/audit.json" with { type: "json" };
import common from "../../content/locales/admin/en/common.json" with { type: "json" };
import commonFr from "../../content/locales/admin/fr/common.json" with { type: "json" };
import { runSql, signedInOperator } from "../support/console.ts";
import { expect, test } from "../support/fixtures.ts";
import { e2eServers } from "../support/servers.ts";

const ENTRIES = 53;
const PAGE_SIZE = 50; // app/admin/audit/audit.server.ts

/** `count` entries of an action no one else records, one a second, `S-01` the oldest; their action's name. */
function recordEntries(count: number): string {
  const action = `pages-test-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const start = Date.now() - 3600_000;
  for (let index = 1; index <= count; index++) {
    const at = new Date(start + index * 1000).toISOString();
    runSql(
      `INSERT INTO audit_log (operator_id, operator_email, action, subject, address, details, created_at, updated_at)
       VALUES (NULL, 'pages@example.com', ?, ?, '192.0.2.1', NULL, ?, ?)`,
      [action, `S-${String(index).padStart(2, "0")}`, at, at],
    );
  }
  return action;
}

/** Subjects from `from` down to `to`, as the log lists them (newest first). */
const subjects = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, n) => `S-${String(from - n).padStart(2, "0")}`);

/** The subjects the table shows, waiting for them (a link followed with JavaScript renders in place). */
async function expectSubjects(page: Page, expected: string[]): Promise<void> {
  await expect(page.getByRole("table").getByRole("cell", { name: /^S-\d\d$/ })).toHaveText(expected);
}

function pagesNav(page: Page, label: string): Locator {
  return page.getByRole("navigation", { name: label });
}

test("the audit log's links lead through every entry once, keeping its filter", async ({ page, expectAccessible }) => {
  // Seven pages of 50 rows, two of them checked with axe, on a machine that may be busy.
  test.slow();
  await signedInOperator(page, "en");
  const action = recordEntries(ENTRIES);
  const nav = pagesNav(page, audit.pages);
  const link = (name: keyof typeof common.pages) => nav.getByRole("link", { name: common.pages[name], exact: true });
  const expectLinks = async (shown: (keyof typeof common.pages)[]) => {
    for (const name of ["first", "previous", "next", "last"] as const) {
      await expect(link(name)).toHaveCount(shown.includes(name) ? 1 : 0);
    }
  };

  await page.goto(`/admin/audit?action=${action}`);
  await expectSubjects(page, subjects(ENTRIES, ENTRIES - PAGE_SIZE + 1));
  await expectLinks(["next", "last"]);
  await expectAccessible();

  await link("next").click();
  await expect(page).toHaveURL(/[?&]after=/);
  expect(new URL(page.url()).searchParams.get("action")).toBe(action);
  await expectSubjects(page, subjects(ENTRIES - PAGE_SIZE, 1));
  await expectLinks(["first", "previous"]);

  await link("previous").click();
  await expect(page).toHaveURL(/[?&]before=/);
  await expectSubjects(page, subjects(ENTRIES, ENTRIES - PAGE_SIZE + 1));
  await expectLinks(["next", "last"]);

  // The last page is a full one, read from the end: the first page is then the short one.
  await link("last").click();
  await expect(page).toHaveURL(/[?&]at=last/);
  await expectSubjects(page, subjects(PAGE_SIZE, 1));
  await expectLinks(["first", "previous"]);
  await expectAccessible();

  await link("previous").click();
  await expectSubjects(page, subjects(ENTRIES, PAGE_SIZE + 1));
  await expectLinks(["next", "last"]);

  await link("next").click();
  await expectSubjects(page, subjects(PAGE_SIZE, 1));
  await link("first").click();
  await expect(page).not.toHaveURL(/after=|before=|at=last/);
  await expectSubjects(page, subjects(ENTRIES, ENTRIES - PAGE_SIZE + 1));
});

test("the links work without JavaScript, in French, and a page naming junk is the first", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: e2eServers.main.url });
  const page = await context.newPage();
  await signedInOperator(page, "fr");
  const action = recordEntries(ENTRIES);
  const nav = page.getByRole("navigation").filter({ has: page.getByRole("link", { name: commonFr.pages.next, exact: true }) });

  await page.goto(`/admin/audit?action=${action}&after=junk&page=2`);
  await expectSubjects(page, subjects(ENTRIES, ENTRIES - PAGE_SIZE + 1));
  await nav.getByRole("link", { name: commonFr.pages.next, exact: true }).click();
  await expectSubjects(page, subjects(ENTRIES - PAGE_SIZE, 1));
  expect(new URL(page.url()).searchParams.get("page")).toBeNull();
  await page.getByRole("link", { name: commonFr.pages.first, exact: true }).click();
  await expectSubjects(page, subjects(ENTRIES, ENTRIES - PAGE_SIZE + 1));
  await context.close();
});
