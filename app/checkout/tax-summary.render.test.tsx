/** The VAT in the checkout's summary as the server draws it, which is what a browser without JavaScript shows. */
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { type Language, localizePath } from "../../common/languages";
import { splitInclusive } from "../../common/tax";
import taxRates from "../../content/tax-rates.json";
import { findPlan, formatPrice, planPrice } from "../content/plans";
import { createTranslator } from "../i18n/i18n";
import { allMessages } from "../i18n/messages.server";
import { TranslationContext } from "../i18n/use-translation";
import { CheckoutForm, type CheckoutFormData } from "./CheckoutForm";
import type { FailedAttempt } from "./CheckoutNotices";
import { countryName } from "./countries";

function render(language: Language, data: Partial<CheckoutFormData>, failed?: FailedAttempt): string {
  const loaderData: CheckoutFormData = {
    planKey: "advanced",
    viewers: 1,
    idempotencyKey: "0b6f3d3e-1d7c-4f1e-9d55-1c1f5c4d2a10",
    testMode: false,
    cardOnSite: false,
    processor: "Stripe",
    // As the route's loader names it.
    countryName: countryName(data.values?.country, language),
    ...data,
  };
  const page = () => (
    <TranslationContext value={createTranslator(language, allMessages[language])}>
      <CheckoutForm loaderData={loaderData} failed={failed} />
    </TranslationContext>
  );
  const router = createMemoryRouter([{ id: "page", path: "*", Component: page }], {
    initialEntries: [localizePath("/checkout", language)],
    hydrationData: { loaderData: { page: null } },
  });
  return renderToString(<RouterProvider router={router} />);
}

/** The summary's sentence, React's text separators removed and the no-break spaces of French and Spanish numbers made plain. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");
const summary = (html: string) => plain(/<p[^>]*data-tax-breakdown[^>]*>(.*?)<\/p>/.exec(html)?.[1]?.replace(/<!-- -->/g, "") ?? "");
const euOss = { tax: { mode: "eu-oss" as const, table: taxRates } };
/** The VAT in the advanced plan's price for one viewer, at a rate, as a language writes it. */
const vat = (rate: number, language: Language) =>
  plain(formatPrice(splitInclusive(planPrice(findPlan("advanced")!, 1), rate).taxCents, language));

describe("the VAT in the checkout's summary, drawn by the server", () => {
  it("for the country the form starts with, in each language", () => {
    expect(summary(render("en", { ...euOss, values: { country: "FR" } }))).toBe(`Includes VAT 20% (France): ${vat(2000, "en")}`);
    expect(summary(render("fr", { ...euOss, values: { country: "FR" } }))).toBe(`Dont TVA 20 % (France) : ${vat(2000, "fr")}`);
    expect(summary(render("es", { ...euOss, values: { country: "ES" } }))).toBe(`IVA incluido 21 % (España): ${vat(2100, "es")}`);
  });

  it("after a post that came back with errors, for the country posted", () => {
    const failed = {
      state: "invalid",
      values: { country: "ES", plan: "advanced", viewers: "1" },
      countryName: "Spain",
      idempotencyKey: "k",
      errors: {},
    };
    const html = render("en", { ...euOss, values: { country: "FR" } }, failed as unknown as FailedAttempt);
    expect(summary(html)).toBe(`Includes VAT 21% (Spain): ${vat(2100, "en")}`);
  });

  it("asks for a country before one is chosen; none outside the EU; Stripe's page with Stripe Tax", () => {
    expect(summary(render("en", euOss))).toBe(allMessages.en.checkout.tax.chooseCountry);
    expect(summary(render("en", { ...euOss, values: { country: "US" } }))).toBe("No VAT is charged for United States.");
    expect(summary(render("fr", { tax: { mode: "stripe" }, values: { country: "FR" } }))).toContain("page de paiement de Stripe");
  });

  it("says nothing with TAX_MODE=none", () => {
    expect(render("en", { values: { country: "FR" } })).not.toContain("data-tax-breakdown");
  });
});
