import { beforeAll, describe, expect, it } from "vitest";
import { site } from "../content/site";
import { allMessages } from "./i18n/messages.server";
import { registerMessages } from "./i18n/registry";
import { faqPage, organization, planProducts, webSite } from "./structured-data";

beforeAll(() => registerMessages(allMessages));

describe("structured data", () => {
  it("names the organization with its logo and contact", () => {
    const data = organization() as unknown as Record<string, unknown>;
    expect(data).toMatchObject({ "@type": "Organization", name: site.brand.name, email: site.brand.supportEmail });
    expect(String(data.logo)).toMatch(/^https?:\/\/.+\/icon-512\.png$/);
  });

  it("gives each language's site a search box that opens the blog search", () => {
    const data = webSite("fr") as unknown as { url: string; potentialAction: { target: { urlTemplate: string }; "query-input": string } };
    expect(data.url).toBe(new URL("/fr", site.brand.origin).href);
    expect(data.potentialAction.target.urlTemplate).toBe(`${new URL("/fr/blog", site.brand.origin).href}?search={search_term_string}`);
    expect(data.potentialAction["query-input"]).toBe("required name=search_term_string");
  });

  it("offers every plan for every viewer count at the configured price and currency", () => {
    const products = planProducts("es", new Date("2026-11-22")) as unknown as { name: string; offers: Record<string, string>[] }[];
    expect(products).toHaveLength(site.plans.length);
    const gold = products.find((product) => product.name.endsWith("Gold"));
    expect(gold?.offers.map((offer) => offer.price)).toEqual(["20.00", "29.00", "38.00"]);
    for (const offer of products.flatMap((product) => product.offers)) {
      expect(offer).toMatchObject({
        priceCurrency: site.currency,
        validFrom: site.offerValidity.from,
        priceValidUntil: site.offerValidity.until,
        availability: "https://schema.org/InStock",
      });
      expect(offer.url).toMatch(/\/es\/checkout\?plan=\w+&viewers=[123]$/);
      expect(offer.name).not.toMatch(/\{\{|\}\}/);
    }
  });

  it("never announces a price whose validity has passed", () => {
    const afterTheEnd = new Date(`${site.offerValidity.until}T12:00:00Z`);
    afterTheEnd.setUTCDate(afterTheEnd.getUTCDate() + 1);
    const offers = (planProducts("en", afterTheEnd) as unknown as { offers: Record<string, string>[] }[]).flatMap(
      (product) => product.offers,
    );
    for (const offer of offers) expect(offer).not.toHaveProperty("priceValidUntil");
  });

  it("turns the FAQ into questions with accepted answers", () => {
    const data = faqPage([{ question: "Q?", answer: "A." }], "en");
    expect(data.mainEntity).toEqual([{ "@type": "Question", name: "Q?", acceptedAnswer: { "@type": "Answer", text: "A." } }]);
  });
});
