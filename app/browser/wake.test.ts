import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import wakeAfterPaint from "./wake-after-paint";
import wakeAfterPaintDetecting from "./wake-after-paint-detecting";
import wakeAtInteraction from "./wake-at-interaction";
import wakeAtInteractionDetecting from "./wake-at-interaction-detecting";

class FakeElement {
  readonly matches: Record<string, FakeElement | null>;
  constructor(matches: Record<string, FakeElement | null> = {}) {
    this.matches = matches;
  }
  closest(selector: string) {
    return this.matches[selector] ?? null;
  }
}
class FakeDetails extends FakeElement {
  open = true;
}

/** The browser as far as the page's scripts use it: a visible page, its head, paint timing, the window's events. */
function fakeBrowser() {
  const head: { rel: string; href: string }[] = [];
  const listeners = new Map<string, (event: unknown) => void>();
  const observers: ((entries: { getEntriesByName(name: string): unknown[] }, observer: { disconnect(): void }) => void)[] = [];
  const body = {};
  const document = {
    visibilityState: "visible",
    activeElement: body as unknown,
    body,
    head: { append: (link: { rel: string; href: string }) => head.push({ rel: link.rel, href: link.href }) },
    createElement: () => ({}),
    documentElement: { dataset: {} as Record<string, string> },
  };
  vi.stubGlobal("document", document);
  vi.stubGlobal(
    "PerformanceObserver",
    class {
      static supportedEntryTypes = ["paint"];
      readonly callback: (typeof observers)[number];
      constructor(callback: (typeof observers)[number]) {
        this.callback = callback;
      }
      observe() {
        observers.push(this.callback);
      }
    },
  );
  vi.stubGlobal("addEventListener", (type: string, listener: (event: unknown) => void) => listeners.set(type, listener));
  vi.stubGlobal("removeEventListener", (type: string) => listeners.delete(type));
  vi.stubGlobal("requestAnimationFrame", (frame: () => void) => setTimeout(frame, 16));
  vi.stubGlobal("requestIdleCallback", (work: () => void) => setTimeout(work, 50));
  vi.stubGlobal("Element", FakeElement);
  vi.stubGlobal("HTMLDetailsElement", FakeDetails);
  return {
    document,
    head,
    listeners,
    paint: () => {
      for (const observer of observers)
        observer({ getEntriesByName: (name) => (name === "first-contentful-paint" ? [{}] : []) }, { disconnect() {} });
    },
    dispatch: (type: string, event: unknown = {}) => listeners.get(type)?.(event),
  };
}

const entry = "/assets/entry.client-C.js";
const manifest = { rel: "manifest", href: "/manifest.webmanifest" };
const preload = { rel: "modulepreload", href: entry };
const interactionTypes = ["pointerdown", "touchstart", "keydown", "focusin", "scroll", "wheel", "mousemove"];

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the page's script on a page that loads its app after the paint", () => {
  it("waits for the first contentful paint, then announces the manifest and preloads the client entry", async () => {
    const browser = fakeBrowser();
    const woken = vi.fn();
    void wakeAfterPaint(entry).then(woken);
    await vi.advanceTimersByTimeAsync(1000);
    expect(browser.head).toEqual([]);
    browser.paint();
    await vi.advanceTimersByTimeAsync(0);
    expect(browser.head).toEqual([manifest, preload]);
    expect(woken).toHaveBeenCalled();
    expect(browser.listeners.size).toBe(0);
  });

  it("goes on after 3 s on a page that paints nothing, and at once in a background tab", async () => {
    fakeBrowser();
    const woken = vi.fn();
    void wakeAfterPaint(entry).then(woken);
    await vi.advanceTimersByTimeAsync(2999);
    expect(woken).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(woken).toHaveBeenCalled();

    fakeBrowser().document.visibilityState = "hidden";
    const hidden = vi.fn();
    void wakeAfterPaint(entry).then(hidden);
    await vi.advanceTimersByTimeAsync(0);
    expect(hidden).toHaveBeenCalled();
  });
});

describe("the page's script on a public page", () => {
  it("listens from the start, announces the manifest once painted, and wakes only after the first interaction's frame", async () => {
    const browser = fakeBrowser();
    const woken = vi.fn();
    void wakeAtInteraction(entry).then(woken);
    expect([...browser.listeners.keys()]).toEqual([...interactionTypes, "click"]);
    browser.paint();
    await vi.advanceTimersByTimeAsync(5000);
    expect(browser.head).toEqual([manifest]);
    expect(woken).not.toHaveBeenCalled();
    browser.dispatch("scroll");
    expect([...browser.listeners.keys()]).toEqual(["click"]);
    await vi.advanceTimersByTimeAsync(10);
    expect(woken).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10);
    expect(browser.head).toEqual([manifest, preload]);
    expect(woken).toHaveBeenCalled();
  });

  it("counts focus already inside the page as the first interaction: the visitor was quicker than the script", async () => {
    const browser = fakeBrowser();
    browser.document.activeElement = {};
    const woken = vi.fn();
    void wakeAtInteraction(entry).then(woken);
    browser.paint();
    await vi.advanceTimersByTimeAsync(20);
    expect(woken).toHaveBeenCalled();
  });

  it("closes the open menu when a link in it is chosen, until the app has woken", async () => {
    const browser = fakeBrowser();
    void wakeAtInteraction(entry);
    const menu = new FakeDetails();
    browser.dispatch("click", { target: new FakeElement({ "a[href]": new FakeElement(), "details[data-menu][open]": menu }) });
    expect(menu.open).toBe(false);
    const elsewhere = new FakeDetails();
    browser.dispatch("click", { target: new FakeElement({ "details[data-menu][open]": elsewhere }) });
    expect(elsewhere.open).toBe(true);
    browser.document.documentElement.dataset.hydrated = "true";
    browser.dispatch("click", { target: new FakeElement() });
    expect(browser.listeners.has("click")).toBe(false);
  });
});

describe("the language detection", () => {
  const module = "data:text/javascript,export const detectOnLanding = (...given) => { globalThis.detectedWith = given; };";

  it("is imported once the page has painted and is idle, before the first interaction, and given the endpoint and the timeout", async () => {
    const browser = fakeBrowser();
    const woken = vi.fn();
    void wakeAtInteractionDetecting(entry, module, "https://geo.example/json", 5000).then(woken);
    await vi.advanceTimersByTimeAsync(1000);
    expect(globalThis).not.toHaveProperty("detectedWith");
    browser.paint();
    await vi.advanceTimersByTimeAsync(50);
    await vi.waitFor(() => expect(globalThis).toHaveProperty("detectedWith", ["https://geo.example/json", 5000]));
    expect(woken).not.toHaveBeenCalled();
    Reflect.deleteProperty(globalThis, "detectedWith");
  });

  it("says in the console when it could not be imported, and the page goes on", async () => {
    const browser = fakeBrowser();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const woken = vi.fn();
    void wakeAfterPaintDetecting(entry, "data:text/javascript,throw 1", "https://geo.example/json", 5000).then(woken);
    browser.paint();
    await vi.advanceTimersByTimeAsync(50);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith("The language detection did not run.", 1));
    expect(woken).toHaveBeenCalled();
    warn.mockRestore();
  });
});
