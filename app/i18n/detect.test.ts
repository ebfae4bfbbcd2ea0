import { describe, expect, it, vi } from "vitest";
import { detectionKey, preferenceKey } from "../../common/languages";
import { type DetectionEnvironment, detectLanguage } from "./detect";

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    values,
  };
}

function environment(overrides: Partial<DetectionEnvironment> = {}) {
  const session = memoryStorage();
  const env: DetectionEnvironment = {
    preferences: memoryStorage(),
    session,
    fetch: vi.fn(async () => Response.json({ country_code: "MX" })),
    endpoint: "https://geo.example/json",
    timeoutMs: 5000,
    browserLanguage: "fr-FR",
    logError: vi.fn(),
    ...overrides,
  };
  return { env, session };
}

describe("the language detection chain", () => {
  it("uses a stored preference first and asks nobody", async () => {
    const { env } = environment({ preferences: memoryStorage({ [preferenceKey]: "fr" }) });
    expect(await detectLanguage(env)).toEqual({ language: "fr", source: "preference" });
    expect(env.fetch).not.toHaveBeenCalled();
  });

  it("uses this session's earlier detection next", async () => {
    const { env } = environment({ session: memoryStorage({ [detectionKey]: "es" }) });
    expect(await detectLanguage(env)).toEqual({ language: "es", source: "session" });
    expect(env.fetch).not.toHaveBeenCalled();
  });

  it("ignores a stored value that is not a site language", async () => {
    const { env } = environment({ preferences: memoryStorage({ [preferenceKey]: "de" }) });
    expect((await detectLanguage(env)).source).toBe("geolocation");
  });

  it("asks the geolocation service and caches the answer for the session", async () => {
    const { env, session } = environment();
    expect(await detectLanguage(env)).toEqual({ language: "es", source: "geolocation" });
    expect(env.fetch).toHaveBeenCalledWith("https://geo.example/json", expect.objectContaining({ signal: expect.any(AbortSignal) }));
    expect(session.values.get(detectionKey)).toBe("es");
  });

  it("falls back to the browser language when the service fails, and logs why", async () => {
    const { env, session } = environment({ fetch: vi.fn(async () => new Response("busy", { status: 503 })) });
    expect(await detectLanguage(env)).toEqual({ language: "fr", source: "browser" });
    expect(env.logError).toHaveBeenCalledOnce();
    expect(session.values.get(detectionKey)).toBe("fr");
  });

  it("falls back to English when the browser language is not a site language", async () => {
    const { env } = environment({ fetch: vi.fn(async () => Promise.reject(new TypeError("offline"))), browserLanguage: "de-DE" });
    expect(await detectLanguage(env)).toEqual({ language: "en", source: "browser" });
  });

  it("falls back when the answer carries no country", async () => {
    const { env } = environment({ fetch: vi.fn(async () => Response.json({ error: true })) });
    expect((await detectLanguage(env)).source).toBe("browser");
  });

  it("gives up on the service after the timeout", async () => {
    const hanging = vi.fn(
      (_: unknown, init?: RequestInit) =>
        new Promise<Response>((_, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal?.reason))),
    ) as unknown as typeof fetch;
    const { env } = environment({ fetch: hanging, timeoutMs: 50, browserLanguage: "es-AR" });
    const started = Date.now();
    expect(await detectLanguage(env)).toEqual({ language: "es", source: "browser" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it("still answers when storage is switched off", async () => {
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
    };
    const { env } = environment({ preferences: broken, session: broken });
    expect(await detectLanguage(env)).toEqual({ language: "es", source: "geolocation" });
  });
});
