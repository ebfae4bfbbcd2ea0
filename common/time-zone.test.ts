import { describe, expect, it } from "vitest";
import { knownTimeZone } from "./time-zone";

describe("knownTimeZone", () => {
  it("keeps a zone the runtime knows, in its canonical spelling", () => {
    expect(knownTimeZone("Europe/Paris")).toBe("Europe/Paris");
    expect(knownTimeZone("America/Argentina/Buenos_Aires")).toBe("America/Buenos_Aires");
    expect(knownTimeZone("utc")).toBe("UTC");
  });

  it("refuses anything else", () => {
    for (const value of ["", "Mars/Olympus_Mons", "Europe/Paris\nX", "x".repeat(65), 42, null, undefined]) {
      expect(knownTimeZone(value), String(value)).toBeNull();
    }
  });
});
