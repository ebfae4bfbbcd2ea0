import { describe, expect, it } from "vitest";
import { readTrialForm } from "./form";

describe("the free trial's form", () => {
  it("takes a name, an e-mail and a country, trimmed", () => {
    expect(readTrialForm({ name: " Ana Ruiz ", email: " Ana@Example.com ", country: "es" })).toEqual({
      ok: true,
      values: { name: "Ana Ruiz", email: "Ana@Example.com", country: "ES" },
    });
  });

  it("says what is wrong with each field and keeps what was typed", () => {
    const read = readTrialForm({ name: "", email: "ana@", country: "Spain" });
    expect(read).toEqual({
      ok: false,
      values: { name: "", email: "ana@", country: "" },
      errors: { name: "required", email: "email", country: "country" },
    });
    expect(readTrialForm({ name: "x".repeat(101), email: "a@b.co", country: "FR" })).toMatchObject({
      ok: false,
      errors: { name: "tooLong" },
    });
    expect(readTrialForm({})).toMatchObject({ ok: false, errors: { name: "required", email: "required", country: "required" } });
  });

  it("asks for no card: other fields are ignored", () => {
    const read = readTrialForm({ name: "A", email: "a@b.co", country: "FR", cardNumber: "4242424242424242" });
    expect(read).toEqual({ ok: true, values: { name: "A", email: "a@b.co", country: "FR" } });
  });
});
