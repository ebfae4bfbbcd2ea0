import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readCookie } from "./cookies.ts";

describe("readCookie", () => {
  it("finds a cookie among others, decoded", () => {
    expect(readCookie("a=1; admin_session=abc%2Fdef; b=2", "admin_session")).toBe("abc/def");
    expect(readCookie("admin_language=es", "admin_language")).toBe("es");
    expect(readCookie('quoted="x%20y"', "quoted")).toBe("x y");
    expect(readCookie("token=a=b=c", "token")).toBe("a=b=c");
  });

  it("is undefined without the cookie or without a header", () => {
    expect(readCookie("other=1", "admin_session")).toBeUndefined();
    expect(readCookie("admin_session_x=1", "admin_session")).toBeUndefined();
    expect(readCookie(null, "admin_session")).toBeUndefined();
    expect(readCookie(undefined, "admin_session")).toBeUndefined();
    expect(readCookie("", "admin_session")).toBeUndefined();
  });

  it("ignores a value that is not valid percent-encoding, and takes a later valid one", () => {
    for (const broken of ["%E0%A4%A", "%", "%ff", "%zz", "%C0%80"]) {
      expect(readCookie(`admin_session=${broken}`, "admin_session")).toBeUndefined();
    }
    expect(readCookie("admin_language=%; admin_language=fr", "admin_language")).toBe("fr");
  });

  it("never throws, whatever the header", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), fc.string(), (header, name) => {
        readCookie(header, name);
      }),
    );
  });
});
