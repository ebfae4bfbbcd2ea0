import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { site } from "../content/site";

const css = readFileSync(new URL("./app.css", import.meta.url), "utf8");

describe("app.css", () => {
  it("turns the bar solid before the app has woken at the same scroll threshold as the app does", () => {
    const range = /animation-timeline: scroll\(root\);\s*animation-range: (\d+)px (\d+)px;/.exec(css);
    const threshold = site.behaviour.headerScrollThresholdPx;
    expect(range?.slice(1).map(Number), `app.css's header-solid range must start at content/site.ts's ${threshold}px`).toEqual([
      threshold,
      threshold + 1,
    ]);
  });
});
