import { expect, test } from "../support/fixtures.ts";
import { observatory } from "../support/observatory.ts";
import { wakeApp } from "../support/pages.ts";

/**
 * The MDN HTTP Observatory's rules (see tests/support/observatory.ts) on every kind of answer the server
 * gives: rendered pages (fresh and from the page cache), files, data, errors, redirects and health checks.
 */
const answers = [
  { name: "the landing page, rendered", path: "/?observatory=fresh" },
  { name: "the landing page, from the page cache", path: "/" },
  { name: "an article", path: "/fr/blog/smart-tv-setup-guide" },
  { name: "the checkout (never cached)", path: "/es/checkout" },
  { name: "a not-found page", path: "/no-such-page" },
  { name: "a hashed script", path: "/assets/" },
  { name: "an image", path: "/favicon.svg" },
  { name: "route data", path: "/blog.data" },
  { name: "the sitemap", path: "/sitemap.xml" },
  { name: "a redirect", path: "/en/about" },
  { name: "the readiness check", path: "/readyz" },
  { name: "the visitor's country", path: "/api/country" },
];

test.describe("response headers by the MDN HTTP Observatory's rules", () => {
  for (const answer of answers) {
    test(`${answer.name} scores A+`, async ({ request }) => {
      let path = answer.path;
      if (path === "/assets/") {
        // A real hashed asset: the first script the landing page names.
        path = (await (await request.get("/")).text()).match(/\/assets\/[\w.-]+\.js/)?.[0] ?? "missing";
      }
      const response = await request.get(path, { maxRedirects: 0, headers: { accept: "text/html,*/*" } });
      const setCookies = response
        .headersArray()
        .filter((header) => header.name.toLowerCase() === "set-cookie")
        .map((header) => header.value);
      const result = observatory(response.headers(), setCookies);
      expect(
        result.findings.filter((finding) => finding.modifier < 0),
        `${path}: ${JSON.stringify(result.findings)}`,
      ).toEqual([]);
      expect(result.grade).toBe("A+");
      expect(response.headers()["content-security-policy"]).not.toContain("unsafe-inline");
    });
  }

  test("isolates the pages that show someone's records, and the files, and only those", async ({ request }) => {
    const openerPolicy = async (path: string) =>
      (await request.get(path, { maxRedirects: 0, headers: { accept: "text/html,*/*" } })).headers()["cross-origin-opener-policy"];
    for (const path of ["/account", "/fr/account/code", "/admin/login", "/es/checkout/return", "/reminders/unsubscribe", "/favicon.svg"]) {
      expect(await openerPolicy(path), path).toBe("same-origin");
    }
    // A public page holds nothing of anyone's: a visitor arriving there keeps their browser's process (decision 0038).
    for (const path of ["/?observatory=fresh", "/", "/es/checkout", "/fr/blog/smart-tv-setup-guide", "/no-such-page"]) {
      expect(await openerPolicy(path), path).toBe("unsafe-none");
    }
  });

  test("a woken public page opens the account as a document of its own, isolated", async ({ page }) => {
    await page.goto("/fr/about");
    await wakeApp(page);
    const [account] = await Promise.all([
      page.waitForResponse(
        (response) => new URL(response.url()).pathname === "/fr/account" && response.request().resourceType() === "document",
      ),
      page.getByRole("contentinfo").getByRole("link", { name: "Votre compte" }).click(),
    ]);
    expect(account.headers()["cross-origin-opener-policy"]).toBe("same-origin");
    await expect(page).toHaveURL(/\/fr\/account$/);
  });

  test("the page cache's policy allows the page's own scripts by hash, and the page runs", async ({ page, consoleErrors }) => {
    consoleErrors.allow(/geolocation|\/api\/country/i);
    await page.goto("/about");
    await page.goto("/about");
    await wakeApp(page);
  });
});
