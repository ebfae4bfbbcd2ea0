import { expect, test } from "../support/fixtures.ts";
import { e2eServers } from "../support/servers.ts";

/**
 * The same answers with and without the fast lane: the main server answers stored pages by the lane, the
 * `limited` one runs with FAST_LANE=false and leaves every request to node:http. Each page is asked for
 * twice, so the second answer is the stored one.
 */
const pages = ["/", "/blog", "/about", "/contact", "/terms", "/privacy", "/newsletter", "/blog/smart-tv-setup-guide"];
const paths = ["", "/es", "/fr"].flatMap((prefix) => pages.map((page) => (page === "/" ? prefix || "/" : `${prefix}${page}`)));
const compared = ["content-type", "content-encoding", "cache-control", "content-security-policy", "vary", "strict-transport-security"];

test("stored pages are the same with and without the fast lane", async ({ playwright }) => {
  const clients = await Promise.all(
    [e2eServers.main.url, e2eServers.limited.url].map((baseURL) =>
      playwright.request.newContext({ baseURL, extraHTTPHeaders: { "Accept-Encoding": "gzip", Accept: "text/html" } }),
    ),
  );
  for (const path of paths) {
    const answers = [];
    for (const client of clients) {
      await client.get(path);
      const stored = await client.get(path);
      answers.push({
        status: stored.status(),
        headers: Object.fromEntries(compared.map((name) => [name, stored.headers()[name]])),
        // Each server rendered the page once with its own nonce, which the stored copy keeps (its policy
        // names the scripts by hash instead).
        body: (await stored.text()).replace(/ nonce="[^"]*"/g, ' nonce="*"'),
      });
    }
    expect({ ...answers[1], body: "" }, path).toEqual({ ...answers[0], body: "" });
    expect(answers[1]?.body === answers[0]?.body, `${path}: the same page`).toBe(true);
    expect(answers[0]?.headers["cache-control"], path).toBe("public, max-age=60");
  }
  await Promise.all(clients.map((client) => client.dispose()));
});
