import { describe, expect, it } from "vitest";
import { problemsOf } from "../../tests/support/config-problems.ts";
import { parseConfig } from "../config.ts";

describe("ALLOWED_HOSTS", () => {
  it("is unset by default: every host name is answered", () => {
    expect(parseConfig({}).ALLOWED_HOSTS).toBeUndefined();
    expect(parseConfig({ ALLOWED_HOSTS: " " }).ALLOWED_HOSTS).toBeUndefined();
  });

  it("reads host names, with or without a port, in lower case, without a trailing dot, each once", () => {
    expect(
      parseConfig({ ALLOWED_HOSTS: " Shop.Example.com, www.shop.example.com:8443 ,shop.example.com., 10.0.0.7, [::1]:3000," })
        .ALLOWED_HOSTS,
    ).toEqual(["shop.example.com", "www.shop.example.com:8443", "10.0.0.7", "[::1]:3000"]);
  });

  it.each([
    ["https://shop.example.com"],
    ["shop.example.com/"],
    ["*.example.com"],
    ["shop example.com"],
    ["shop.example.com:99999"],
    ["shop.example.com:"],
    ["-shop.example.com"],
    [","],
  ])("refuses ALLOWED_HOSTS=%s in one line saying what would do", (value) => {
    expect(problemsOf({ ALLOWED_HOSTS: value })).toEqual([
      expect.stringMatching(
        /^ALLOWED_HOSTS: must be host names, each with a port or not, separated by commas, e\.g\. ALLOWED_HOSTS=shop\.example\.com,www\.shop\.example\.com \(got "/,
      ),
    ]);
  });
});
