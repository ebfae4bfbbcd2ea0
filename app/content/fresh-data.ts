import { site } from "../../content/site";

/**
 * Data the browser already has stays fresh for the spec's 60 seconds: going back to a page within that
 * time shows it again without asking the server; after it, the page is fetched anew.
 */
const cache = new Map<string, { storedAt: number; data: unknown }>();

const keyOf = (url: URL | string) => {
  const { pathname, search } = typeof url === "string" ? new URL(url, "http://x") : url;
  return pathname + search;
};

export function rememberData(url: URL | string, data: unknown, now = Date.now()): void {
  cache.set(keyOf(url), { storedAt: now, data });
}

export async function freshData<T>(
  url: URL | string,
  load: () => Promise<T>,
  now = Date.now,
  staleAfterMs = site.behaviour.queryStaleTimeMs,
): Promise<T> {
  const cached = cache.get(keyOf(url));
  if (cached && now() - cached.storedAt < staleAfterMs) return cached.data as T;
  const data = await load();
  rememberData(url, data, now());
  return data;
}

export function forgetAllData(): void {
  cache.clear();
}
