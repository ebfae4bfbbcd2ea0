/**
 * The console's first page after a start, and what the visitors wait meanwhile: the server is started
 * afresh, its public pages are asked for one after the other, and the console's first page comes in the
 * middle of them. Then the same again with the console warm, as the reference taken in the same run on
 * the same machine (its speed moves from minute to minute).
 */
import type { Figure } from "./console-pages.ts";
import { percentile } from "./timing.ts";

/** What the visitors ask for while the console's page loads: the health check and the landing page. */
const visitorPaths = ["/healthz", "/"];

export interface ColdConsoleBench {
  base: () => string;
  cookie: () => string;
  /** Stops the server and starts another on the same database: nothing of the console is loaded. */
  restart: () => Promise<void>;
  /** The console page asked for first. */
  path: string;
  log: (line: string) => void;
}

interface Visit {
  startedAt: number;
  endedAt: number;
  ok: boolean;
}

async function visit(base: string, path: string): Promise<Visit> {
  const startedAt = performance.now();
  const ok = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(10_000) }).then(
    async (response) => {
      await response.arrayBuffer();
      return response.ok;
    },
    () => false,
  );
  return { startedAt, endedAt: performance.now(), ok };
}

/** The visitors' pages one after the other until `done` settles; the visits that overlap it. */
async function visitsDuring<T>(base: string, done: Promise<T>): Promise<{ result: T; ms: number; visits: Visit[] }> {
  let settled = false;
  const startedAt = performance.now();
  const timed = done.finally(() => {
    settled = true;
  });
  const visits: Visit[] = [];
  for (let index = 0; !settled; index++) visits.push(await visit(base, visitorPaths[index % visitorPaths.length] as string));
  const result = await timed;
  const endedAt = performance.now();
  return { result, ms: endedAt - startedAt, visits: visits.filter((each) => each.endedAt > startedAt && each.startedAt < endedAt) };
}

async function consolePage(base: string, path: string, cookie: string): Promise<number> {
  const response = await fetch(`${base}${path}`, { headers: { Cookie: cookie, Accept: "text/html" }, redirect: "manual" });
  await response.arrayBuffer();
  return response.status;
}

interface Round {
  cold: { ms: number; slowestVisit: number; visits: number; status: number };
  warm: { ms: number; slowestVisit: number; visits: number };
  quietSlowestVisit: number;
}

const slowest = (visits: Visit[]) => visits.reduce((most, each) => Math.max(most, each.endedAt - each.startedAt), 0);

/** One start: the visitors alone for a second, then the console's first page, then the same page warm. */
async function round(bench: ColdConsoleBench): Promise<Round> {
  await bench.restart();
  // The public pages are rendered once and the start's own work is done before the console is asked for.
  for (const path of visitorPaths) await visit(bench.base(), path);
  const quiet = await visitsDuring(bench.base(), new Promise((resolve) => setTimeout(resolve, 1000)));
  const cold = await visitsDuring(bench.base(), consolePage(bench.base(), bench.path, bench.cookie()));
  for (let warmUp = 0; warmUp < 3; warmUp++) await consolePage(bench.base(), bench.path, bench.cookie());
  const warm = await visitsDuring(bench.base(), consolePage(bench.base(), bench.path, bench.cookie()));
  return {
    cold: { ms: cold.ms, slowestVisit: slowest(cold.visits), visits: cold.visits.length, status: cold.result },
    warm: { ms: warm.ms, slowestVisit: slowest(warm.visits), visits: warm.visits.length },
    quietSlowestVisit: slowest(quiet.visits),
  };
}

const median = (values: number[]) => percentile(values, 50);
const ms = (value: number) => value.toFixed(0);

/**
 * The first console page after a start beside the same page warm, `rounds` starts (medians). The visitors'
 * slowest answer while the cold page loads is held to their slowest with the console idle or beside its
 * warm page, whichever is more, plus `marginMs`: what the console's first page costs them, not what this
 * machine's minute does (on a shared machine, the idle second's slowest moves by 100 ms from one start to
 * the next).
 */
export async function timeColdConsole(bench: ColdConsoleBench, rounds = 3, marginMs = 50): Promise<Figure[]> {
  const done: Round[] = [];
  for (let index = 0; index < rounds; index++) {
    const each = await round(bench);
    done.push(each);
    bench.log(
      `  start ${index + 1}: ${bench.path} ${ms(each.cold.ms)} ms cold, ${ms(each.warm.ms)} ms warm; /healthz and / slowest ` +
        `${ms(each.cold.slowestVisit)} ms meanwhile (${each.cold.visits} requests), ${ms(each.warm.slowestVisit)} ms beside the ` +
        `warm page, ${ms(each.quietSlowestVisit)} ms with the console idle`,
    );
  }
  const warmVisit = median(done.map((each) => each.warm.slowestVisit));
  const idleVisit = median(done.map((each) => each.quietSlowestVisit));
  const status = done.find((each) => each.cold.status !== 200)?.cold.status ?? 200;
  const figure = (name: string, value: number, budgetMs: number | null, note = ""): Figure => ({
    name,
    path: bench.path,
    budgetMs,
    p95: value,
    p99: value,
    runs: rounds,
    status,
    note,
  });
  return [
    figure(
      "console's first page after a start (ms)",
      median(done.map((each) => each.cold.ms)),
      null,
      status === 200 ? "" : `status ${status}`,
    ),
    figure("console page warm, same run (ms)", median(done.map((each) => each.warm.ms)), null),
    figure(
      "/healthz and / slowest, console's first page (ms)",
      median(done.map((each) => each.cold.slowestVisit)),
      Math.round(Math.max(warmVisit, idleVisit) + marginMs),
      `budget: console idle or warm + ${marginMs}`,
    ),
    figure("/healthz and / slowest, console page warm (ms)", warmVisit, null),
    figure("/healthz and / slowest, console idle for 1 s (ms)", idleVisit, null),
  ];
}
