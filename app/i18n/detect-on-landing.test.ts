import { afterEach, describe, expect, it, vi } from "vitest";
import { preferenceKey } from "../../common/languages";
import { detectOnLanding } from "./detect-on-landing";

/** A browser tab on `href`, with empty storage unless told, whose geolocation answers `country`. */
function browserTab(href: string, { country = "MX", stored = {} as Record<string, string>, onFetch = () => {} } = {}) {
  const url = new URL(href);
  const storage = () => {
    const values = new Map<string, string>();
    return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
  };
  const local = storage();
  for (const [key, value] of Object.entries(stored)) local.setItem(key, value);
  const location = { pathname: url.pathname, search: url.search, hash: url.hash, protocol: url.protocol, replace: vi.fn() };
  const document = { cookie: "" };
  vi.stubGlobal("localStorage", local);
  vi.stubGlobal("sessionStorage", storage());
  vi.stubGlobal("navigator", { language: "en-US" });
  vi.stubGlobal("location", location);
  vi.stubGlobal("document", document);
  const fetch = vi.fn(async () => {
    onFetch();
    return Response.json({ country_code: country });
  });
  vi.stubGlobal("window", { location, fetch });
  return { location, document, local, fetch };
}

afterEach(() => vi.unstubAllGlobals());

describe("detectOnLanding", () => {
  it("takes a visitor from Mexico to the same page in Spanish, keeping the query and the fragment", async () => {
    const tab = browserTab("https://shop.test/blog?page=2#top");
    await detectOnLanding("/api/country", 5000);
    expect(tab.location.replace).toHaveBeenCalledWith("/es/blog?page=2#top");
  });

  it("leaves a visitor from the United States on the English page", async () => {
    const tab = browserTab("https://shop.test/", { country: "US" });
    await detectOnLanding("/api/country", 5000);
    expect(tab.location.replace).not.toHaveBeenCalled();
  });

  it("follows a stored preference without asking anyone, and writes its cookie again", async () => {
    const tab = browserTab("https://shop.test/about", { stored: { [preferenceKey]: "fr" } });
    await detectOnLanding("/api/country", 5000);
    expect(tab.fetch).not.toHaveBeenCalled();
    expect(tab.document.cookie).toContain(`${preferenceKey}=fr`);
    expect(tab.location.replace).toHaveBeenCalledWith("/fr/about");
  });

  it("gives way to a language chosen in the picker while the detection was asking", async () => {
    const tab = browserTab("https://shop.test/", { onFetch: () => localStorage.setItem(preferenceKey, "en") });
    await detectOnLanding("/api/country", 5000);
    expect(tab.location.replace).not.toHaveBeenCalled();
  });
});
