import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { countryCodes } from "../../common/countries.ts";
import { loader } from "../routes/countries";
import { CountrySelect } from "./CountrySelect";
import { countryName, countryOptions, countryOptionsPath } from "./countries";

describe("the country list", () => {
  it("names every country in the language, sorted as the language sorts", () => {
    const french = countryOptions("fr");
    expect(french).toHaveLength(countryCodes.length);
    expect(french.find((country) => country.code === "DE")?.name).toBe("Allemagne");
    const names = french.map((country) => country.name);
    expect(names).toEqual([...names].sort(new Intl.Collator("fr").compare));
    expect(countryName("ES", "en")).toBe("Spain");
    expect(countryName("ES", "es")).toBe("España");
    expect(countryName(undefined, "en")).toBeUndefined();
    expect(countryName("XX", "en")).toBeUndefined();
  });

  it("is served for a client navigation at /countries/<language>.json, the same as the server renders", async () => {
    const file = countryOptionsPath("es").split("/").at(-1) as string;
    const response = loader({ params: { file } } as Parameters<typeof loader>[0]);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(await response.json()).toEqual(countryOptions("es"));
    for (const wrong of ["xx.json", "es", "es.json.json"]) {
      expect(loader({ params: { file: wrong } } as Parameters<typeof loader>[0]).status).toBe(404);
    }
  });

  it("is written by the server into the select, with the starting country chosen", () => {
    const html = renderToString(
      <MemoryRouter initialEntries={["/fr/checkout"]}>
        <CountrySelect name="country" placeholder="Choisissez votre pays" defaultValue="BE" />
      </MemoryRouter>,
    );
    expect(html.match(/<option /g)).toHaveLength(countryCodes.length + 1);
    expect(html).toContain('<option value="">Choisissez votre pays</option>');
    expect(html).toContain('<option value="BE" selected="">Belgique</option>');
  });
});
