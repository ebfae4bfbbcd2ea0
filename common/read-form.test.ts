import { describe, expect, it } from "vitest";
import { formText, readForm } from "./read-form.ts";

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request("http://shop.test/contact", { method: "POST", body, headers });

describe("readForm", () => {
  it("gives the fields of a form post", async () => {
    expect(await readForm(post(new URLSearchParams({ email: "a@example.com", plan: "premium" })))).toEqual({
      email: "a@example.com",
      plan: "premium",
    });
  });

  it("gives null for a body that is not a form", async () => {
    expect(await readForm(post(JSON.stringify({ email: "a@example.com" }), { "Content-Type": "application/json" }))).toBeNull();
    expect(await readForm(post("--broken", { "Content-Type": "multipart/form-data; boundary=x" }))).toBeNull();
  });
});

describe("formText", () => {
  it("gives a field's text, cut at its length, and nothing for a missing field or a file", () => {
    const form = { name: "Camille", note: "x".repeat(10), file: new File(["a"], "a.txt") };
    expect(formText(form, "name")).toBe("Camille");
    expect(formText(form, "note", 4)).toBe("xxxx");
    expect(formText(form, "missing")).toBe("");
    expect(formText(form, "file")).toBe("");
  });
});
