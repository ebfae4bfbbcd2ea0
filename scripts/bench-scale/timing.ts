/**
 * Timing requests: nearest-rank percentiles, one timed GET or POST with the console's cookie, and a page
 * timed `runs` times after a warm-up. Server time is the client's time on localhost, or the server's own
 * `Server-Timing` total when it sends one.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

/** The `total` (or the sum of every `dur`) of a Server-Timing header, in ms; null without one. */
export function serverTiming(header: string | null): number | null {
  if (!header) return null;
  const durations = [...header.matchAll(/([\w-]+)[^,]*?;\s*dur=([\d.]+)/g)].map((match) => ({ name: match[1], ms: Number(match[2]) }));
  if (durations.length === 0) return null;
  return durations.find((entry) => entry.name === "total")?.ms ?? durations.reduce((sum, entry) => sum + entry.ms, 0);
}

export interface Answer {
  status: number;
  ms: number;
  body: string;
  location: string | null;
}

export interface Client {
  base: string;
  cookie: string;
  /** A request that takes longer is given up (and counted as a timeout). */
  timeoutMs: number;
}

export async function request(client: Client, path: string, form?: Record<string, string>): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`${client.base}${path}`, {
    method: form ? "POST" : "GET",
    redirect: "manual",
    signal: AbortSignal.timeout(client.timeoutMs),
    headers: {
      Cookie: client.cookie,
      Accept: "text/html",
      ...(form ? { "Content-Type": "application/x-www-form-urlencoded", Origin: client.base } : {}),
    },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  const body = await response.text();
  const elapsed = performance.now() - started;
  return {
    status: response.status,
    ms: serverTiming(response.headers.get("server-timing")) ?? elapsed,
    body,
    location: response.headers.get("location"),
  };
}

export interface Measured {
  p95: number | null;
  p99: number | null;
  runs: number;
  status: number;
  /** Why there is no figure, or what to know about it. */
  note: string;
}

/**
 * `warmUps` untimed requests then `runs` timed ones. A page slower than `slowMs` on its warm-up gets 3 runs
 * only (its p95 is then their slowest); one that times out gets none, and `onTimeout` (a restart) is called.
 */
export async function measurePage(
  client: Client,
  path: string,
  options: { runs?: number; slowMs?: number; onTimeout?: () => Promise<void> } = {},
): Promise<Measured> {
  const { runs = 20, slowMs = 2000 } = options;
  let warm: Answer;
  try {
    warm = await request(client, path);
  } catch (error) {
    await options.onTimeout?.();
    return { p95: null, p99: null, runs: 0, status: 0, note: `no answer within ${client.timeoutMs / 1000} s (${(error as Error).name})` };
  }
  const count = warm.ms > slowMs ? 3 : runs;
  if (count === runs) await request(client, path);
  const times: number[] = [];
  for (let run = 0; run < count; run++) times.push((await request(client, path)).ms);
  const note = warm.status >= 400 ? `status ${warm.status}` : count < runs ? `slow: ${count} runs` : "";
  return { p95: percentile(times, 95), p99: percentile(times, 99), runs: count, status: warm.status, note };
}
