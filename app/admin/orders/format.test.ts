import { describe, expect, it } from "vitest";
import { orderFormat } from "./format";

describe("the console's formats", () => {
  it("are made once per language and zone, since making one loads the locale's data", () => {
    expect(orderFormat("fr UTC")).toBe(orderFormat("fr UTC"));
    expect(orderFormat("fr Europe/Paris")).not.toBe(orderFormat("fr UTC"));
    expect(orderFormat("fr Europe/Paris").dateTime("2026-12-02T06:00:00Z")).toContain("07:00");
    expect(orderFormat("en UTC").country("FR")).toBe("France");
  });
});
