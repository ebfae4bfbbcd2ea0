import { describe, expect, it } from "vitest";
import { clientAddressOf } from "./site-handler.ts";

describe("the client's address", () => {
  const request = (forwarded?: string) => new Request("http://localhost/", { headers: forwarded ? { "x-forwarded-for": forwarded } : {} });

  it("is the socket's address unless a trusted proxy is in front", () => {
    expect(clientAddressOf(request("203.0.113.9"), "10.0.0.2", false)).toBe("10.0.0.2");
    expect(clientAddressOf(request(), undefined, false)).toBe("unknown");
  });

  it("behind a trusted proxy, is the last address it added, which a visitor cannot forge", () => {
    expect(clientAddressOf(request("198.51.100.7, 203.0.113.9"), "10.0.0.2", true)).toBe("203.0.113.9");
    expect(clientAddressOf(request(), "10.0.0.2", true)).toBe("10.0.0.2");
  });
});
