import { describe, expect, it } from "vitest";
import { clearedSessionCookies, sessionCookies } from "./session.server";

describe("the account's session cookies", () => {
  it("are HttpOnly, SameSite=Lax, on each language's account path and its data address, for 30 days", () => {
    const cookies = sessionCookies(new Request("http://shop.test/es/account/code"), "tok");
    expect(cookies.map((cookie) => /Path=([^;]+)/.exec(cookie)?.[1])).toEqual([
      "/account",
      "/account.data",
      "/es/account",
      "/es/account.data",
      "/fr/account",
      "/fr/account.data",
    ]);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/^account_session=tok; /);
      expect(cookie).toContain("; HttpOnly; SameSite=Lax; Max-Age=2592000");
      expect(cookie).not.toContain("Secure");
    }
  });

  it("are Secure over https, and cleared on every path", () => {
    expect(sessionCookies(new Request("https://shop.test/account/link"), "tok").every((cookie) => cookie.endsWith("; Secure"))).toBe(true);
    const cleared = clearedSessionCookies(new Request("https://shop.test/account/sign-out"));
    expect(cleared).toHaveLength(6);
    expect(cleared.every((cookie) => cookie.startsWith("account_session=; ") && cookie.includes("Max-Age=0"))).toBe(true);
  });
});
