import { describe, expect, it } from "vitest";
import { loader } from "./not-found";

/** The `/en/…` redirect, as the loader throws it. */
function locationOf(path: string): string | null {
  try {
    loader({ request: new Request(`http://localhost${path}`) } as Parameters<typeof loader>[0]);
  } catch (thrown) {
    return (thrown as Response).headers.get("Location");
  }
  return null;
}

describe("the /en/… redirect to the unprefixed English page", () => {
  it("drops the prefix and keeps the query", () => {
    expect(locationOf("/en/blog?q=sport")).toBe("/blog?q=sport");
    expect(locationOf("/en")).toBe("/");
  });

  it("never sends the visitor to another site", () => {
    expect(locationOf("/en//evil.example/path")).toBe("/evil.example/path");
    expect(locationOf("/en///evil.example")).toBe("/evil.example");
    expect(locationOf("/en/%5Cevil.example")).toBe("/%5Cevil.example");
  });
});
