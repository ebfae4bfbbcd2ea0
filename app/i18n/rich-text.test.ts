import { describe, expect, it } from "vitest";
import { splitTags } from "./rich-text";

describe("splitTags", () => {
  it("splits a message into its plain and tagged runs, in order", () => {
    expect(splitTags("Choose a <plansLink>plan</plansLink> or read the <faqLink>FAQ</faqLink>.")).toEqual([
      { text: "Choose a " },
      { tag: "plansLink", text: "plan" },
      { text: " or read the " },
      { tag: "faqLink", text: "FAQ" },
      { text: "." },
    ]);
  });

  it("keeps a message without tags whole, and a tag at either end", () => {
    expect(splitTags("Plain")).toEqual([{ text: "Plain" }]);
    expect(splitTags("<a>x</a>")).toEqual([{ tag: "a", text: "x" }]);
  });

  it("leaves an unclosed or mismatched tag as text", () => {
    expect(splitTags("a <b>c</d>")).toEqual([{ text: "a <b>c</d>" }]);
  });
});
