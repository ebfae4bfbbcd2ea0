import { describe, expect, it } from "vitest";
import { safeNext } from "./auth.server";

describe("safeNext: the page to return to after signing in", () => {
  it("keeps a console page", () => {
    expect(safeNext("/admin/orders?status=paid")).toBe("/admin/orders?status=paid");
    expect(safeNext("/admin/messages/12")).toBe("/admin/messages/12");
  });

  it("goes to the console's home for anything that leaves it once resolved", () => {
    for (const value of [
      "/admin/../blog",
      "/admin/%2e%2e/checkout",
      "/admin/\t/evil.example",
      "/admin\r\nX: 1",
      "/administrator",
      "//evil.example",
    ]) {
      expect(safeNext(value), JSON.stringify(value)).toBe("/admin/orders");
    }
  });

  it("never returns to the sign-in or sign-out page (a loop, or signing out at once)", () => {
    expect(safeNext("/admin/login?next=/admin/orders")).toBe("/admin/orders");
    expect(safeNext("/admin/logout")).toBe("/admin/orders");
  });
});
