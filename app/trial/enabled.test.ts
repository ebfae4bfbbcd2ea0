import { afterEach, describe, expect, it } from "vitest";
import { site } from "../../content/site";
import { robotsTxt, sitemapPages } from "../content/sitemap.server";
import { requireTrialEnabled } from "./enabled";

const trial = site.trial as { enabled: boolean };
const sitemapPaths = () => sitemapPages().flatMap((page) => Object.values(page.paths));

describe("the free trial's switch in content/site.ts", () => {
  afterEach(() => {
    trial.enabled = true;
  });

  it("on (as shipped): its pages answer, and /trial is in the sitemap in every language", () => {
    expect(site.trial).toEqual({ enabled: true, hours: 24, viewers: 1 });
    expect(() => requireTrialEnabled()).not.toThrow();
    expect(sitemapPaths()).toEqual(expect.arrayContaining(["/trial", "/es/trial", "/fr/trial"]));
    expect(robotsTxt()).toContain("Disallow: /trial/confirmed");
  });

  it("off: its pages answer 404 and the sitemap leaves it out", () => {
    trial.enabled = false;
    let thrown: unknown;
    try {
      requireTrialEnabled();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ init: { status: 404 } });
    expect(sitemapPaths().filter((path) => path?.includes("trial"))).toEqual([]);
  });
});
