import { describe, expect, it } from "vitest";
import { replyHref } from "./reply";

describe("the reply link", () => {
  it("opens a mail to the sender with `Re:` and the subject", () => {
    expect(replyHref({ email: "zoe@example.com", subject: "Où est ma commande ?" })).toBe(
      "mailto:zoe@example.com?subject=Re%3A%20O%C3%B9%20est%20ma%20commande%20%3F",
    );
  });

  it("does not stack `Re:` on a subject that has one", () => {
    expect(replyHref({ email: "a@example.com", subject: "RE: invoice" })).toBe("mailto:a@example.com?subject=RE%3A%20invoice");
  });

  it("cannot be made to add recipients or headers", () => {
    const href = replyHref({ email: "a@example.com?bcc=spy@example.com", subject: "x&cc=spy@example.com" });
    expect(new URL(href).searchParams.get("bcc")).toBeNull();
    expect(new URL(href).searchParams.get("cc")).toBeNull();
    expect(new URL(href).searchParams.get("subject")).toBe("Re: x&cc=spy@example.com");
  });
});
