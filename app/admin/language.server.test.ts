import { describe, expect, it } from "vitest";
import { adminLanguage, consoleCookie } from "./language.server";

const withCookie = (cookie: string, acceptLanguage = "fr-FR,fr;q=0.9") =>
  new Request("http://localhost/admin/orders", { headers: { cookie, "accept-language": acceptLanguage } });

describe("the console's cookies", () => {
  it("takes the operator's language choice", () => {
    expect(adminLanguage(withCookie("admin_language=es"))).toBe("es");
  });

  it("ignores a cookie that is not valid percent-encoding instead of failing the page", () => {
    expect(adminLanguage(withCookie("admin_language=%E0%A4%A"))).toBe("fr");
    expect(consoleCookie(withCookie("admin_session=%ff; admin_language=es"), "admin_session")).toBeUndefined();
  });
});
