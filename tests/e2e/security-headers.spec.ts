import { deriveLinkKey, renewalToken } from "../../app/renewals/links.server.ts";
import { parseEncryptionKey } from "../../server/admin/secret-box.ts";
import { customer, payByPost } from "../support/checkout.ts";
import { runSql } from "../support/console.ts";
import { expect, test } from "../support/fixtures.ts";
import { observatory } from "../support/observatory.ts";
import { wakeApp } from "../support/pages.ts";
import { e2eServers } from "../support/servers.ts";
import { queryRows } from "../support/store.ts";

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

  test("a checkout filled in with a customer's details is isolated and kept by no cache; its resume link expires", async ({ request }) => {
    const details = customer({ email: `isolated.${Date.now()}@example.com`, phone: "+34 600 111 222", address: "Calle Privada 7" });
    const reference = await payByPost(request, details);
    const [order] = queryRows<{ id: number; idempotency_key: string }>("SELECT id, idempotency_key FROM orders WHERE reference = ?", [
      reference,
    ]);
    const key = deriveLinkKey(parseEncryptionKey(e2eServers.main.env.ACCESS_ENCRYPTION_KEY));
    const renew = `/es/checkout?renew=${encodeURIComponent(renewalToken(order?.id ?? 0, new Date(), key))}`;
    const resume = `/fr/checkout?resume=${encodeURIComponent(order?.idempotency_key ?? "")}`;
    const get = (path: string) => request.get(path, { maxRedirects: 0, headers: { accept: "text/html" } });
    for (const path of [renew, resume]) {
      const answer = await get(path);
      const page = await answer.text();
      for (const shown of [details.email, details.phone, details.address]) expect(page, path).toContain(shown);
      expect(answer.headers()["cross-origin-opener-policy"], path).toBe("same-origin");
      expect(answer.headers()["cache-control"], path).toBe("private, no-store");
    }

    // The way back from the payment page is for the one sitting: two hours after the order, it opens the empty
    // checkout, which holds nothing of anyone's and keeps its visitor's process.
    runSql("UPDATE orders SET created_at = ? WHERE id = ?", [new Date(Date.now() - 2 * 3600_000 - 60_000).toISOString(), order?.id ?? 0]);
    const expired = await get(resume);
    expect(await expired.text()).not.toContain(details.email);
    expect(expired.headers()["cross-origin-opener-policy"]).toBe("unsafe-none");
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
