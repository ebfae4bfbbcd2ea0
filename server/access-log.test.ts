import pino from "pino";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { acceptedRequestId, logCachedAnswer, requestIdOf } from "./access-log.ts";
import { logger } from "./logger.ts";

const stream = (logger as unknown as Record<symbol, { write(text: string): unknown }>)[pino.symbols.streamSym]!;
let written: string[] = [];
let level = logger.level;

beforeEach(() => {
  written = [];
  level = logger.level;
  vi.useFakeTimers();
  vi.spyOn(stream, "write").mockImplementation((text: string) => written.push(text));
  logger.level = "info";
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  logger.level = level;
});

const withoutTime = (line: string) => JSON.parse(line.replace(/"time":"[^"]+",/, ""));

describe("request ids", () => {
  it("keeps the load balancer's id when it looks like one, and makes one otherwise", () => {
    expect(acceptedRequestId("lb-1234.5:6")).toBe("lb-1234.5:6");
    expect(acceptedRequestId('x"y')).toBeUndefined();
    expect(requestIdOf("lb-1")).toBe("lb-1");
    expect(requestIdOf("a, b")).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdOf(undefined)).not.toBe(requestIdOf(undefined));
  });
});

describe("the line of a page answered from memory", () => {
  it("is pino's line for the same fields, without the query string, written with the others of its 20 ms", () => {
    const started = performance.now();
    logCachedAnswer("GET", "/blog?token=secret", 200, "req-1", started);
    logCachedAnswer("HEAD", '/a"b', 304, "req-2", started);
    expect(written).toEqual([]);
    vi.advanceTimersByTime(20);
    expect(written).toHaveLength(1);
    const [first, second] = (written[0] ?? "").split("\n");
    expect(first).not.toContain("secret");
    const durationMs = withoutTime(first ?? "").durationMs;
    expect(durationMs).toBeGreaterThanOrEqual(0);

    // pino writes the same line for the same fields.
    logger.info({ requestId: "req-1", method: "GET", path: "/blog", status: 200, durationMs }, "request");
    expect(withoutTime(first ?? "")).toEqual(withoutTime(written[1] ?? ""));
    expect(first?.replace(/"time":"[^"]+",/, "")).toBe(written[1]?.trimEnd().replace(/"time":"[^"]+",/, ""));
    expect(withoutTime(second ?? "")).toMatchObject({ method: "HEAD", path: '/a"b', status: 304, requestId: "req-2" });
  });

  it("says the request was aborted when the client had gone, and writes nothing below the info level", () => {
    logCachedAnswer("GET", "/", 200, "req-3", performance.now(), true);
    expect(withoutTime(written[0] ?? "")).toMatchObject({ msg: "request aborted", aborted: true, requestId: "req-3" });
    logger.level = "warn";
    logCachedAnswer("GET", "/", 200, "req-4", performance.now());
    vi.advanceTimersByTime(20);
    expect(written).toHaveLength(1);
  });
});
