import { serverConfig } from "../server/config.ts";

/**
 * Per-address limits on the forms: a fixed window per key. Kept in this process's memory, so with several
 * servers each counts its own share (the load balancer spreads a visitor's requests), which still stops
 * floods and scripted card testing.
 */
export function createRateLimiter({ limit, windowMs }: { limit: number; windowMs: number }) {
  const windows = new Map<string, { startedAt: number; count: number }>();
  return {
    /** Counts one attempt; false when the key has used up its window. */
    hit(key: string, now = Date.now()): boolean {
      if (windows.size > 50_000) {
        for (const [storedKey, window] of windows) if (now - window.startedAt >= windowMs) windows.delete(storedKey);
      }
      const window = windows.get(key);
      if (!window || now - window.startedAt >= windowMs) {
        windows.set(key, { startedAt: now, count: 1 });
        return true;
      }
      window.count++;
      return window.count <= limit;
    },
  };
}

/** The visitor's address, as the HTTP layer recorded it (never trusted from the visitor). */
export function clientAddress(request: Request): string {
  return request.headers.get("x-client-address") ?? "unknown";
}

const tenMinutes = 10 * 60_000;

const config = serverConfig();

/** The limits of the three forms, per address and ten minutes (CHECKOUT_, CONTACT_, NEWSLETTER_RATE_LIMIT). */
export const formLimits = {
  checkout: createRateLimiter({ limit: config.CHECKOUT_RATE_LIMIT, windowMs: tenMinutes }),
  contact: createRateLimiter({ limit: config.CONTACT_RATE_LIMIT, windowMs: tenMinutes }),
  newsletter: createRateLimiter({ limit: config.NEWSLETTER_RATE_LIMIT, windowMs: tenMinutes }),
};
