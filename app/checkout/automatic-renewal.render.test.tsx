/** The checkout's automatic renewal box as the server draws it: works without JavaScript, in each language. */
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { type Language, localizePath } from "../../common/languages";
import { createTranslator } from "../i18n/i18n";
import { allMessages } from "../i18n/messages.server";
import { TranslationContext } from "../i18n/use-translation";
import { CheckoutForm, type CheckoutFormData } from "./CheckoutForm";
import { nextChargeDates } from "./renewal-offer.server";
import type { RenewalOffer } from "./renewal-terms";

const T0 = new Date("2026-03-01T09:30:00.000Z");

function render(language: Language, automaticRenewal: RenewalOffer | undefined, values?: CheckoutFormData["values"]): string {
  const loaderData: CheckoutFormData = {
    planKey: "advanced",
    viewers: 1,
    idempotencyKey: "0b6f3d3e-1d7c-4f1e-9d55-1c1f5c4d2a10",
    testMode: false,
    cardOnSite: true,
    processor: "Test",
    automaticRenewal,
    values,
  };
  const page = () => (
    <TranslationContext value={createTranslator(language, allMessages[language])}>
      <CheckoutForm loaderData={loaderData} />
    </TranslationContext>
  );
  const router = createMemoryRouter([{ id: "page", path: "*", Component: page }], {
    initialEntries: [localizePath("/checkout", language)],
    hydrationData: { loaderData: { page: null } },
  });
  return renderToString(<RouterProvider router={router} />);
}

const box = (html: string) => html.match(/<input[^>]*name="renewAutomatically"[^>]*>/)?.[0];

describe("the automatic renewal box beside Pay", () => {
  for (const language of ["en", "es", "fr"] as const) {
    it(`in ${language}: a plain checkbox with the plan's period, price and next charge date`, () => {
      const html = render(language, { kind: "offered", checked: false, nextCharge: nextChargeDates(T0, language) });
      expect(box(html)).toMatch(/type="checkbox"/);
      expect(box(html)).toMatch(/value="on"/);
      expect(box(html)).not.toMatch(/checked/);
      const { t } = createTranslator(language, allMessages[language]);
      expect(html).toContain(t("automaticRenewal.label", { count: 3 }));
      expect(html).toContain(nextChargeDates(T0, language)[3]);
      // Unticked, the total still says it is a one-time payment.
      expect(html).toContain(t("checkout.oneTime", { period: t("plans.period", { count: 3 }) }));
    });
  }

  it("starts ticked when the operator chose so, and as it was sent after a failed attempt", () => {
    const ticked = { kind: "offered" as const, checked: true, nextCharge: nextChargeDates(T0, "en") };
    expect(box(render("en", ticked))).toMatch(/checked=""/);
    expect(render("en", ticked)).toContain("then renewed automatically until you stop it");
    expect(box(render("en", ticked, { renewAutomatically: "off" }))).not.toMatch(/checked/);
    const unticked = { ...ticked, checked: false };
    expect(box(render("en", unticked, { renewAutomatically: "on" }))).toMatch(/checked=""/);
  });

  it("is a note for an access that already renews, and nothing when not offered", () => {
    const already = render("en", { kind: "already-renews" });
    expect(box(already)).toBeUndefined();
    expect(already).toContain(allMessages.en.automaticRenewal.alreadyRenews);
    expect(box(render("en", { kind: "none" }))).toBeUndefined();
    expect(box(render("en", undefined))).toBeUndefined();
  });
});
