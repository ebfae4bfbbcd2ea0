import { beforeEach, describe, expect, it, vi } from "vitest";
import { forgetAllData, freshData, rememberData } from "./fresh-data";

describe("fresh data", () => {
  beforeEach(forgetAllData);

  it("asks once, then answers from memory for 60 seconds", async () => {
    let clock = 1_000;
    const load = vi.fn(async () => ({ articles: 3 }));
    expect(await freshData("/blog?search=tv", load, () => clock)).toEqual({ articles: 3 });
    clock += 59_999;
    expect(await freshData("/blog?search=tv", load, () => clock)).toEqual({ articles: 3 });
    expect(load).toHaveBeenCalledTimes(1);
    clock += 1;
    await freshData("/blog?search=tv", load, () => clock);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("keeps each address apart", async () => {
    const load = vi.fn(async () => "x");
    await freshData("/blog?search=tv", load);
    await freshData("/blog?search=vpn", load);
    await freshData("/es/blog?search=tv", load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("serves what the page was rendered with", async () => {
    rememberData(new URL("http://site/blog/kodi"), "rendered", 5_000);
    const load = vi.fn(async () => "fetched");
    expect(await freshData("http://site/blog/kodi", load, () => 10_000)).toBe("rendered");
    expect(load).not.toHaveBeenCalled();
  });

  it("does not keep a failed load", async () => {
    const failing = vi.fn(async () => Promise.reject(new Error("offline")));
    await expect(freshData("/blog", failing)).rejects.toThrow("offline");
    const working = vi.fn(async () => "ok");
    expect(await freshData("/blog", working)).toBe("ok");
  });
});
