/** The automatic renewal's terms beside Pay: the price, the period and the next charge, in each language. */
import { describe, expect, it } from "vitest";
import { formatPrice } from "../content/plans";
import { createTranslator } from "../i18n/i18n";
import { allMessages } from "../i18n/messages.server";
import { AUTOMATIC_OFF_PARAMETER, nextChargeDates, renewalOffer } from "./renewal-offer.server";
import { renewalTerms } from "./renewal-terms";

const T0 = new Date("2026-01-31T10:00:00.000Z");
const termsIn = (language: "en" | "es" | "fr", months: number, cents: number) => {
  const { t } = createTranslator(language, allMessages[language]);
  return renewalTerms(t, { months, amount: formatPrice(cents, language), date: nextChargeDates(T0, language)[months] ?? "" });
};

describe("the renewal terms", () => {
  it("say the price, the period, the next charge and how to stop, in English", () => {
    expect(termsIn("en", 3, 2000)).toEqual({
      label: "Renew automatically every 3 months",
      terms:
        "€20 every 3 months, next charge around April 30, 2026. Stop any time in your account; you keep access to the end of the period you paid.",
    });
    expect(termsIn("en", 1, 1300).label).toBe("Renew automatically every month");
    expect(termsIn("en", 1, 1300).terms).toMatch(/^€13 every month, next charge around February 28, 2026\./);
  });

  it("in Spanish", () => {
    expect(termsIn("es", 6, 3000).label).toBe("Renovar automáticamente cada 6 meses");
    expect(termsIn("es", 6, 3000).terms).toMatch(/^30\s€ cada 6 meses; el próximo cargo será hacia el 31 de julio de 2026\./);
    expect(termsIn("es", 1, 1300).label).toBe("Renovar automáticamente cada mes");
    expect(termsIn("es", 1, 1300).terms).toMatch(/^13\s€ al mes;/);
  });

  it("in French", () => {
    expect(termsIn("fr", 12, 4500).label).toBe("Renouveler automatiquement tous les 12 mois");
    expect(termsIn("fr", 12, 4500).terms).toMatch(/^45\s€ tous les 12 mois, prochain prélèvement vers le 31 janvier 2027\./);
    expect(termsIn("fr", 1, 1300).label).toBe("Renouveler automatiquement chaque mois");
  });
});

describe("the checkout's offer", () => {
  const noDb = async () => {
    throw new Error("no database");
  };
  const params = (query = "") => new URLSearchParams(query);

  it("is ticked or not as the operator chose, and never ticked from the trial's link", async () => {
    const on = { offered: true, checkedByDefault: true };
    expect(await renewalOffer(noDb, { language: "en", params: params(), now: T0, config: on })).toMatchObject({
      kind: "offered",
      checked: true,
    });
    const off = await renewalOffer(noDb, { language: "en", params: params(`${AUTOMATIC_OFF_PARAMETER}=off`), now: T0, config: on });
    expect(off).toMatchObject({ kind: "offered", checked: false });
    const unticked = { offered: true, checkedByDefault: false };
    expect(await renewalOffer(noDb, { language: "en", params: params(), now: T0, config: unticked })).toMatchObject({ checked: false });
    expect(await renewalOffer(noDb, { language: "en", params: params(), config: { offered: false, checkedByDefault: true } })).toEqual({
      kind: "none",
    });
  });

  it("dates a renewal's next charge from the access's end, a new purchase's from today", async () => {
    const renews = { reference: "NS-TEST", endsAt: "2026-03-15T12:00:00.000Z" };
    const renewal = await renewalOffer(noDb, { language: "en", params: params(), renews, now: T0 });
    expect(renewal).toMatchObject({ kind: "offered", nextCharge: { 1: "April 15, 2026", 3: "June 15, 2026" } });
    const fresh = await renewalOffer(noDb, { language: "en", params: params(), now: T0 });
    expect(fresh).toMatchObject({ nextCharge: { 1: "February 28, 2026", 12: "January 31, 2027" } });
  });
});
