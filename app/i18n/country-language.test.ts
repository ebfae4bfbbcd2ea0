import { describe, expect, it } from "vitest";
import { languageList } from "../../common/languages";
import { countryCodeFromGeolocation, languageForCountry } from "./country-language";

describe("country to language", () => {
  it.each(["ES", "MX", "AR", "CO", "CL", "PE", "VE", "EC", "GT", "CU", "BO", "DO", "HN", "PY", "SV", "NI", "CR", "PA", "UY", "PR"])(
    "speaks Spanish in %s",
    (country) => expect(languageForCountry(country)).toBe("es"),
  );

  it.each(["FR", "BE", "CH", "CA", "MC", "LU", "SN", "CI", "CM", "MG", "CD", "RE", "GP", "MQ", "NC", "PF", "HT"])(
    "speaks French in %s",
    (country) => expect(languageForCountry(country)).toBe("fr"),
  );

  it.each(["US", "GB", "DE", "BR", "PT", "JP", "IN", "NG", "", "XX"])("speaks English in %s", (country) => {
    expect(languageForCountry(country)).toBe("en");
  });

  it("lists each country once, as two capital letters, in common/languages.ts", () => {
    const countries = languageList.flatMap((facts) => facts.countries.split(" ").filter(Boolean));
    for (const country of countries) expect(country).toMatch(/^[A-Z]{2}$/);
    expect(new Set(countries).size).toBe(countries.length);
    for (const facts of languageList)
      for (const country of facts.countries.split(" ").filter(Boolean)) expect(languageForCountry(country)).toBe(facts.code);
  });

  it("ignores case and surrounding spaces", () => {
    expect(languageForCountry(" mx ")).toBe("es");
    expect(languageForCountry(null)).toBe("en");
  });
});

describe("reading a geolocation answer", () => {
  it.each([
    [{ country_code: "MX" }, "MX"],
    [{ countryCode: "fr" }, "FR"],
    [{ country_code2: "BE" }, "BE"],
    [{ country: "US", country_name: "United States" }, "US"],
    [{ country: "United States" }, null],
    [{ ip: "1.2.3.4" }, null],
    [null, null],
    ["MX", null],
  ])("reads %j as %s", (answer, code) => {
    expect(countryCodeFromGeolocation(answer)).toBe(code);
  });
});
