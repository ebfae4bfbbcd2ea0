/** The checkout drawn on the server as a renewal link opens it, in each language. */
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Language, localizePath } from "../../common/languages";
import { createRenewalTestBed, type RenewalTestBed } from "../../tests/support/renewals";
import { createTranslator } from "../i18n/i18n";
import { allMessages } from "../i18n/messages.server";
import { TranslationContext } from "../i18n/use-translation";
import { renewalToken } from "../renewals/links.server";
import { CheckoutForm, type CheckoutFormData } from "./CheckoutForm";
import { renewalFromToken } from "./renew.server";

const T0 = new Date("2026-03-01T09:30:00.000Z");
let bed: RenewalTestBed;
beforeAll(async () => {
  bed = await createRenewalTestBed("sqlite");
});
afterAll(() => bed.handle.cleanup());

function render(language: Language, data: Partial<CheckoutFormData>): string {
  const loaderData: CheckoutFormData = {
    planKey: "advanced",
    viewers: 1,
    idempotencyKey: "0b6f3d3e-1d7c-4f1e-9d55-1c1f5c4d2a10",
    testMode: false,
    cardOnSite: true,
    processor: "Test",
    ...data,
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

describe("the checkout from a renewal link", () => {
  for (const language of ["en", "es", "fr"] as const) {
    it(`in ${language}: welcomes the customer back with the last plan, viewers and details chosen`, async () => {
      const order = await bed.deliveredOrder({ plan_key: "premium", viewers: 3, language, email: "lucia@example.com" }, T0);
      const renewal = await renewalFromToken(bed.handle.db, renewalToken(order.id, T0, bed.key), T0, bed.key);
      if (renewal.kind !== "welcome") throw new Error("The link was refused");
      const html = render(language, { values: renewal.values, renewal: renewal.kind });
      expect(html).toContain(allMessages[language].checkout.renewWelcome);
      expect(html).toMatch(/<option value="premium" selected="">/);
      expect(html.match(/<input[^>]*name="viewers"[^>]*checked=""[^>]*>/g)).toEqual([expect.stringContaining('value="3"')]);
      expect(html).toMatch(/<option value="FR" selected="">/);
      for (const value of ["lucia@example.com", "Camille", "Durand", "1 place Bellecour", "69001"])
        expect(html).toContain(`value="${value}"`);
      expect(html).not.toContain("4242");
      expect(html).toMatch(/name="cardNumber"(?![^>]*value=)/);
    });
  }

  it("says gently that an expired link could not fill the form", () => {
    const html = render("fr", { renewal: "expired" });
    expect(html).toContain("Ce lien de renouvellement a expiré");
    expect(html).toMatch(/<option value="advanced" selected="">/);
  });
});
