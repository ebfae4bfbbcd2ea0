import { describe, expect, it } from "vitest";
import { stepUpNext } from "./step-up.server";

describe("where the step-up code goes on to", () => {
  it("is an account page of this site, in any language, with its query", () => {
    expect(stepUpNext("/account/access/NS-7F3K-9QXD", "en")).toBe("/account/access/NS-7F3K-9QXD");
    expect(stepUpNext("/es/account/access/NS-1?show=1", "es")).toBe("/es/account/access/NS-1?show=1");
    expect(stepUpNext("/fr/account", "fr")).toBe("/fr/account");
  });

  it("is the account's home in the page's language for anything else", () => {
    for (const next of [
      "//evil.example/account",
      "https://evil.example/account",
      "/checkout",
      "/accountant",
      "/account/../admin",
      "/\\evil.example",
      undefined,
      null,
    ]) {
      expect(stepUpNext(next, "es"), String(next)).toBe("/es/account");
    }
  });
});
