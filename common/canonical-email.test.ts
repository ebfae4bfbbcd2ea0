import { describe, expect, it } from "vitest";
import { canonicalEmail } from "./canonical-email";

describe("the mailbox an address reaches", () => {
  it("is lower case, without a +tag, whatever the provider", () => {
    expect(canonicalEmail("  Jane.Doe+Trial@Example.COM ")).toBe("jane.doe@example.com");
    expect(canonicalEmail("jane+a+b@example.com")).toBe("jane@example.com");
  });

  it("for Gmail, has no dots in the name and gmail.com for googlemail.com", () => {
    expect(canonicalEmail("J.a.n.e+x@googlemail.com")).toBe("jane@gmail.com");
    expect(canonicalEmail("jane.doe@gmail.com")).toBe("janedoe@gmail.com");
    expect(canonicalEmail("jane.doe@mail.gmail.com.example")).toBe("jane.doe@mail.gmail.com.example");
  });

  it("keeps what it cannot read as a name and a domain", () => {
    expect(canonicalEmail("+tag@example.com")).toBe("+tag@example.com");
    expect(canonicalEmail("not-an-address")).toBe("not-an-address");
    expect(canonicalEmail("...@gmail.com")).toBe("...@gmail.com");
  });
});
