import { describe, expect, it } from "vitest";
import { validateNewsletter } from "../newsletter/schema";
import { validateContact } from "./schema";

const valid = { name: "Claire", email: "claire@example.fr", subject: "MAG box", message: "Which portal address do I use?" };

describe("the contact rules", () => {
  it("accept a complete message", () => {
    expect(validateContact(valid).ok).toBe(true);
  });

  it.each([
    ["name", "", "required"],
    ["email", "claire@", "email"],
    ["subject", " ", "required"],
    ["message", "Hi", "tooShort"],
    ["message", "x".repeat(5001), "tooLong"],
    ["name", "x".repeat(101), "tooLong"],
  ])("refuse %s = %j with %s", (field, value, error) => {
    const result = validateContact({ ...valid, [field]: value });
    expect(result.ok ? {} : result.errors).toMatchObject({ [field]: error });
  });
});

describe("the newsletter rules", () => {
  it("want one valid address", () => {
    expect(validateNewsletter({ email: " Fan@Example.com " })).toEqual({ ok: true, email: "Fan@Example.com" });
    expect(validateNewsletter({ email: "" })).toEqual({ ok: false, error: "required" });
    expect(validateNewsletter({ email: "nope" })).toEqual({ ok: false, error: "email" });
    expect(validateNewsletter({})).toEqual({ ok: false, error: "required" });
  });
});
