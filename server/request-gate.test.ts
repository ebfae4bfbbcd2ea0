import { describe, expect, it, vi } from "vitest";
import { createRequestGate } from "./request-gate.ts";

const quiet = { warn: vi.fn() };

describe("the host check (ALLOWED_HOSTS)", () => {
  const gate = createRequestGate({ allowedHosts: ["shop.example.com", "www.shop.example.com:8443", "[::1]:3000"], log: quiet });
  const admits = (host: string | undefined, target = "/") => gate.admits(host, target, false);

  it("admits the listed host names", () => {
    expect(admits("shop.example.com")).toBe(true);
    expect(admits("www.shop.example.com:8443")).toBe(true);
    expect(admits("[::1]:3000")).toBe(true);
  });

  it("refuses another host name, or none", () => {
    expect(admits("evil.example")).toBe(false);
    expect(admits("shop.example.com.evil.example")).toBe(false);
    expect(admits("10.0.0.7")).toBe(false);
    expect(admits("")).toBe(false);
    expect(admits(undefined)).toBe(false);
  });

  it("compares names whatever their case, with a trailing dot or not", () => {
    expect(admits("SHOP.Example.COM")).toBe(true);
    expect(admits("shop.example.com.")).toBe(true);
    expect(admits("WWW.shop.example.com:8443")).toBe(true);
  });

  it("admits a name listed without a port on any port, one listed with a port on that port only", () => {
    expect(admits("shop.example.com:3000")).toBe(true);
    expect(admits("shop.example.com:443")).toBe(true);
    expect(admits("www.shop.example.com")).toBe(false);
    expect(admits("www.shop.example.com:443")).toBe(false);
    expect(admits("[::1]")).toBe(false);
    expect(admits("[::1]:3001")).toBe(false);
  });

  it("answers the health checks whatever the host name: load balancers ask by address", () => {
    expect(admits("10.0.0.7", "/healthz")).toBe(true);
    expect(admits(undefined, "/readyz")).toBe(true);
    expect(admits("10.0.0.7", "/readyz?from=lb")).toBe(true);
    expect(admits("10.0.0.7", "/healthz/more")).toBe(false);
    expect(admits("10.0.0.7", "/en/healthz")).toBe(false);
  });

  it("admits every host name when no list is set", () => {
    const open = createRequestGate({ log: quiet });
    expect(open.admits("anything.example", "/", false)).toBe(true);
    expect(open.admits(undefined, "/", false)).toBe(true);
  });
});

describe("requests forwarded by a proxy the server does not trust", () => {
  it("warns once, on the first request with X-Forwarded-For, saying what it means and what to set", () => {
    const log = { warn: vi.fn() };
    const gate = createRequestGate({ trustProxy: false, log });
    gate.admits("shop.example.com", "/", false);
    expect(log.warn).not.toHaveBeenCalled();
    for (let request = 0; request < 3; request++) gate.admits("shop.example.com", "/", true);
    expect(log.warn).toHaveBeenCalledOnce();
    const message = String(log.warn.mock.calls[0]?.[0]);
    expect(message).toMatch(/X-Forwarded-For/);
    expect(message).toMatch(/TRUST_PROXY is not true/);
    expect(message).toMatch(/every visitor shares the load balancer's address/);
    expect(message).toMatch(/set TRUST_PROXY=true/);
  });

  it("says nothing when TRUST_PROXY is true", () => {
    const log = { warn: vi.fn() };
    createRequestGate({ trustProxy: true, log }).admits("shop.example.com", "/", true);
    expect(log.warn).not.toHaveBeenCalled();
  });
});
