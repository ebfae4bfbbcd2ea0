import { describe, expect, it } from "vitest";
import { clientAddressOf, recordClientCountry } from "./site-handler.ts";

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

describe("the client's country", () => {
  const database = async () => ({ countryOf: () => "FR" });
  const post = (headers: Record<string, string> = {}) => new Request("http://localhost/checkout", { method: "POST", headers });

  it("is looked up on a post, for the invoice's evidence, and replaces whatever the visitor sent", async () => {
    const request = post({ "x-client-country": "US" });
    await recordClientCountry(request, "81.2.69.142", false, database);
    expect(request.headers.get("x-client-country")).toBe("FR");
  });

  it("is never looked up for a page view, nor for a local address, and a forged one is dropped", async () => {
    const view = new Request("http://localhost/", { headers: { "x-client-country": "US" } });
    await recordClientCountry(view, "81.2.69.142", false, database);
    expect(view.headers.get("x-client-country")).toBeNull();
    const local = post({ "x-client-country": "US" });
    await recordClientCountry(local, "127.0.0.1", false, database);
    expect(local.headers.get("x-client-country")).toBeNull();
  });
});
