import { createHash } from "node:crypto";
import sharp from "sharp";
import { articlesIn } from "../support/articles.ts";
import { expect, test } from "../support/fixtures.ts";
import { decodeEntities, type HtmlDocument, readHtml } from "../support/html.ts";
import { type Language, languages, list, localized, pagePaths, planPrice, publicUrl, site } from "../support/site.ts";

/**
 * What search engines and social networks read, for every indexable page in every language: the head's
 * metadata, hreflang links that answer each other, the social card image, the JSON-LD, the sitemap and
 * robots.txt. Read from the server's HTML, as crawlers read it.
 */

/** Every indexable page, as its English path. */
const indexablePaths = [
  ...pagePaths,
  "/newsletter",
  // The free trial's first page, when content/site.ts offers one (its later steps are not indexed).
  ...(site.trial.enabled ? ["/trial"] : []),
  ...articlesIn("en").map((article) => `/blog/${article.slug}`),
];

const meta = (page: HtmlDocument, key: string) => {
  const found = page.metas.find((tag) => tag.name === key || tag.property === key)?.content;
  return found === undefined ? undefined : decodeEntities(found);
};

const sitePath = (absolute: string) => new URL(absolute).pathname + new URL(absolute).search;

function alternatesOf(page: HtmlDocument): Record<string, string> {
  return Object.fromEntries(page.links.filter((link) => link.rel === "alternate").map((link) => [link.hreflang, link.href]));
}

function typesOf(page: HtmlDocument): string[] {
  return page.structuredData.map((data) => String(data["@type"]));
}

test.describe("metadata of every page in every language", () => {
  for (const path of indexablePaths) {
    test(`${path}: title, description, canonical, reciprocal hreflang, social cards and site-wide JSON-LD`, async ({ request }) => {
      const pages = new Map<Language, HtmlDocument>();
      for (const language of languages) {
        const response = await request.get(localized(language, path), { headers: { accept: "text/html" } });
        expect(response.status()).toBe(200);
        pages.set(language, readHtml(await response.text()));
      }

      const expectedAlternates = {
        en: publicUrl(localized("en", path)),
        es: publicUrl(localized("es", path)),
        fr: publicUrl(localized("fr", path)),
        "x-default": publicUrl(localized("en", path)),
      };
      for (const language of languages) {
        const page = pages.get(language) as HtmlDocument;
        const url = publicUrl(localized(language, path));
        expect(page.title).toMatch(/\S/);
        expect(meta(page, "description")?.length ?? 0).toBeGreaterThan(30);
        expect(page.links.filter((link) => link.rel === "canonical").map((link) => link.href)).toEqual([url]);
        // Reciprocity: every language version names the same set, itself included.
        expect(alternatesOf(page)).toEqual(expectedAlternates);

        expect(meta(page, "og:title")).toBe(page.title);
        expect(meta(page, "og:description")).toBe(meta(page, "description"));
        expect(meta(page, "og:url")).toBe(url);
        expect(meta(page, "og:locale")).toMatch(new RegExp(`^${language}_`));
        expect(meta(page, "twitter:card")).toBe("summary_large_image");
        expect(meta(page, "twitter:image")).toBe(meta(page, "og:image"));
        expect(meta(page, "og:image:alt")).toMatch(/\S/);
        expect(meta(page, "og:image")).toMatch(new RegExp(`/images/social/${language}/`));
        expect(page.metas.find((tag) => tag.name === "theme-color")?.content).toBe(site.brand.themeColor);
        // The tab's icon is in the page; the web manifest's link is added once it has painted (first-paint.spec.ts).
        expect(page.links.some((link) => link.rel === "icon" && link.href?.startsWith("data:image/svg+xml,"))).toBe(true);

        const [organization, webSite] = page.structuredData;
        expect(organization).toMatchObject({ "@context": "https://schema.org", "@type": "Organization", name: site.brand.name });
        expect(webSite).toMatchObject({
          "@type": "WebSite",
          inLanguage: language,
          potentialAction: {
            "@type": "SearchAction",
            target: { urlTemplate: `${publicUrl(localized(language, "/blog"))}?search={search_term_string}` },
          },
        });
      }
    });
  }

  // One test a language: each reads every indexable page and its card, about 20 s for all three on a busy machine.
  for (const language of languages) {
    test(`every social card in ${language} is a 1200x630 image with a distinct picture per page`, async ({ request }) => {
      // Each page has its own card (its title is drawn into it); two languages may share a word ("Newsletter").
      const seen = new Map<string, string>();
      for (const path of indexablePaths) {
        const response = await request.get(localized(language, path), { headers: { accept: "text/html" } });
        const image = meta(readHtml(await response.text()), "og:image") as string;
        const file = await request.get(sitePath(image));
        expect(file.status(), image).toBe(200);
        expect(file.headers()["content-type"]).toBe("image/jpeg");
        const bytes = await file.body();
        expect(await sharp(bytes).metadata()).toMatchObject({ width: 1200, height: 630, format: "jpeg" });
        seen.set(image, createHash("sha256").update(bytes).digest("hex"));
      }
      expect(new Set(seen.values()).size).toBe(seen.size);
    });
  }
});

test.describe("structured data of the pages that describe something", () => {
  for (const language of languages) {
    test(`the landing page offers the plans and answers the FAQ in ${language}`, async ({ request }) => {
      const page = readHtml(await (await request.get(localized(language, "/"), { headers: { accept: "text/html" } })).text());
      const products = page.structuredData.filter((data) => data["@type"] === "Product") as {
        name: string;
        offers: { price: string; priceCurrency: string; priceValidUntil?: string; validFrom: string; url: string }[];
      }[];
      expect(products).toHaveLength(site.plans.length);
      const today = new Date().toISOString().slice(0, 10);
      for (const plan of site.plans) {
        const product = products.find((candidate) => candidate.name === `${site.brand.name} ${plan.name}`);
        expect(product?.offers.map((offer) => offer.price)).toEqual(
          site.viewerChoices.map((viewers) => (planPrice(plan, viewers) / 100).toFixed(2)),
        );
        for (const offer of product?.offers ?? []) {
          expect(offer.priceCurrency).toBe(site.currency);
          expect(offer.validFrom).toBe(site.offerValidity.from);
          expect(offer.priceValidUntil).toBe(site.offerValidity.until);
          expect((offer.priceValidUntil ?? "") >= today).toBe(true);
          expect(sitePath(offer.url)).toMatch(new RegExp(`^${localized(language, "/checkout")}\\?plan=${plan.key}&viewers=\\d$`));
        }
      }
      const faq = page.structuredData.find((data) => data["@type"] === "FAQPage") as {
        mainEntity: { name: string; acceptedAnswer: { text: string } }[];
      };
      const questions = list<{ question: string; answer: string }>(language, "faq.items");
      expect(faq.mainEntity.map((entry) => entry.name)).toEqual(questions.map((item) => item.question));
      expect(faq.mainEntity.every((entry) => entry.acceptedAnswer.text.length > 20 && !entry.acceptedAnswer.text.includes("{{"))).toBe(
        true,
      );
    });

    test(`articles are BlogPostings with a breadcrumb in ${language}`, async ({ request }) => {
      for (const article of articlesIn(language)) {
        const page = readHtml(
          await (await request.get(localized(language, `/blog/${article.slug}`), { headers: { accept: "text/html" } })).text(),
        );
        expect(typesOf(page)).toEqual(["Organization", "WebSite", "BlogPosting", "BreadcrumbList"]);
        const posting = page.structuredData[2] as Record<string, unknown>;
        expect(posting).toMatchObject({ headline: article.title, inLanguage: language, datePublished: article.publishDate });
        expect(posting.image).toBe(meta(page, "og:image"));
        const crumbs = (page.structuredData[3] as { itemListElement: { name: string; position: number }[] }).itemListElement;
        expect(crumbs.map((crumb) => crumb.position)).toEqual([1, 2, 3]);
        expect(crumbs[2]?.name).toBe(article.title);
      }
    });
  }

  test("pages that describe nothing special carry only the site-wide data", async ({ request }) => {
    for (const path of ["/about", "/es/checkout", "/fr/contact", "/blog"]) {
      const page = readHtml(await (await request.get(path, { headers: { accept: "text/html" } })).text());
      expect(typesOf(page), path).toEqual(["Organization", "WebSite"]);
    }
  });
});

test.describe("files for crawlers", () => {
  test("the sitemap lists every page in every language with the alternates its HTML names", async ({ request }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^application\/xml/);
    const xml = await response.text();
    const entries = new Map(
      [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body = ""]) => [
        body.match(/<loc>([^<]+)<\/loc>/)?.[1],
        Object.fromEntries([...body.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map(([, lang, href]) => [lang, href])),
      ]),
    );
    expect(entries.size).toBe(indexablePaths.length * languages.length);
    for (const language of languages) {
      for (const path of indexablePaths) {
        const url = publicUrl(localized(language, path));
        const html = readHtml(await (await request.get(localized(language, path), { headers: { accept: "text/html" } })).text());
        expect(entries.get(url), url).toEqual(alternatesOf(html));
      }
    }
  });

  test("robots.txt lets crawlers in and points to the sitemap", async ({ request }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    const robots = await response.text();
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(/^Allow: \/$/m);
    expect(robots).toContain(`Sitemap: ${publicUrl("/sitemap.xml")}`);
  });

  test("the web manifest names the brand and its icons exist", async ({ request }) => {
    const manifest = (await (await request.get("/manifest.webmanifest")).json()) as {
      name: string;
      theme_color: string;
      icons: { src: string; sizes: string }[];
    };
    expect(manifest.name).toBe(site.brand.name);
    expect(manifest.theme_color).toBe(site.brand.themeColor);
    for (const icon of manifest.icons) {
      const file = await request.get(icon.src);
      expect(file.status()).toBe(200);
      const { width, height } = await sharp(await file.body()).metadata();
      expect(`${width}x${height}`).toBe(icon.sizes);
    }
  });
});
