import type { EntryContext } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

// The render itself is React's and React Router's; what is tested here is what the entry does around it.
vi.mock("virtual:language-detection", () => ({ default: "/assets/language-detection.js" }));
vi.mock("react-router", async (original) => ({ ...(await original<typeof import("react-router")>()), ServerRouter: () => null }));
vi.mock("react-dom/server", () => ({
  renderToPipeableStream: (_element: unknown, options: { onAllReady(): void }) => {
    queueMicrotask(() => options.onAllReady());
    return { pipe: (body: NodeJS.WritableStream) => body.end("<!DOCTYPE html><html><body><p>page</p></body></html>"), abort: vi.fn() };
  },
}));

const { default: handleRequest } = await import("./entry.server");

const context = { staticHandlerContext: { matches: [], errors: null }, routeModules: {} } as unknown as EntryContext;

afterEach(() => vi.useRealTimers());

describe("the server's page render", () => {
  it("leaves no timer behind once the page is rendered: a pending one would keep the whole render alive", async () => {
    vi.useFakeTimers();
    const response = await handleRequest(new Request("https://shop.example/es/about"), 200, new Headers(), context);
    expect(await response.text()).toContain("<p>page</p>");
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("under Vite's development server, adds only the language detection to an English page, with the policy's nonce", async () => {
    expect(import.meta.env.DEV).toBe(true);
    const response = await handleRequest(new Request("https://shop.example/about"), 200, new Headers(), context);
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
    const html = await response.text();
    expect(html).toContain(`<script type="module" nonce="${nonce}">var pageScript=`);
    expect(html).toContain('\npageScript("/assets/language-detection.js",');
    expect(html).toContain("<p>page</p>");
  });
});
