import { describe, expect, it } from "vitest";
import { site } from "../../content/site";
import { checkoutPath, findPlan, formatPrice, isViewerCount, planPrice, planPriceTexts, rememberPlanPriceTexts } from "./plans";

describe("plans", () => {
  it("has the spec's four plans with their keys, prices and periods, in order", () => {
    expect(site.plans.map((plan) => [plan.name, plan.key, plan.price, plan.months])).toEqual([
      ["Silver", "standard", 1300, 1],
      ["Gold", "advanced", 2000, 3],
      ["Platinum", "premium", 3000, 6],
      ["Diamond", "vip", 4500, 12],
    ]);
  });

  it("prices one viewer at the plan's price and more viewers from configuration", () => {
    const gold = findPlan("advanced")!;
    expect(planPrice(gold, 1)).toBe(2000);
    expect(planPrice(gold, 2)).toBe(gold.viewerPrices[2]);
    expect(planPrice(gold, 3)).toBe(gold.viewerPrices[3]);
  });

  it("falls back to the plan's price for a viewer count with no price of its own", () => {
    const plan = { ...findPlan("standard")!, viewerPrices: {} } as unknown as Parameters<typeof planPrice>[0];
    expect(planPrice(plan, 3)).toBe(1300);
  });

  it("offers one to three viewers only", () => {
    expect([0, 1, 2, 3, 4].filter(isViewerCount)).toEqual([1, 2, 3]);
  });

  it("formats prices for each language", () => {
    expect(formatPrice(1300, "en")).toBe("€13");
    expect(formatPrice(1350, "en")).toBe("€13.50");
    expect(formatPrice(4500, "es").replace(/\s/g, " ")).toBe("45 €");
    expect(formatPrice(2000, "fr").replace(/\s/g, " ")).toBe("20 €");
  });

  it("writes every price a plan can show, and shows a written price as the server wrote it", () => {
    const texts = planPriceTexts("es");
    for (const plan of site.plans) {
      for (const viewers of site.viewerChoices) expect(texts[planPrice(plan, viewers)]).toBe(formatPrice(planPrice(plan, viewers), "es"));
    }
    rememberPlanPriceTexts("fr", { 987654: "as the server wrote it" });
    expect(formatPrice(987_654, "fr")).toBe("as the server wrote it");
    expect(formatPrice(987_654, "en")).toBe("€9,876.54");
    expect(formatPrice(987_654, "fr", "USD")).not.toBe("as the server wrote it");
  });

  it("builds the checkout address from a plan and a viewer count", () => {
    expect(checkoutPath("premium", 2)).toBe("/checkout?plan=premium&viewers=2");
  });

  it("does not know plans outside the list", () => {
    expect(findPlan("platinum")).toBeUndefined();
    expect(findPlan(undefined)).toBeUndefined();
  });
});
