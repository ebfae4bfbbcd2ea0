/**
 * Pure formatting of the throughput comparison (scripts/bench/throughput.ts): the table of runs, which run
 * counts, the notes that say what limited a run or disturbed it, and the ratio beside its budget. No I/O,
 * so it is unit-tested (throughput-report.test.ts).
 */
import { budgets, type Check, formatCheck, mark } from "./report.ts";

/** What one wrk run measured against one server. CPU figures are shares of one core; null when unreadable. */
export interface LoadFigures {
  label: string;
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  /** Bytes received per response, headers included: shows both servers sent the same. */
  bytesPerResponse: number;
  /** Requests that failed: connection errors, timeouts, statuses of 400 and more. */
  failed: number;
  serverCpu: number | null;
  /** wrk's, on its own core. */
  loadGeneratorCpu: number | null;
  /** Every other process on the server's core: what took CPU from the server under test. */
  serverCoreOtherCpu: number | null;
  /** Every other process, on any core. */
  otherCpu: number | null;
}

/** Above this, other processes are said to have disturbed a run. */
export const disturbance = { anyCore: 0.25, serverCore: 0.05 } as const;

/** Above this share of its core, wrk (one thread) may be the limit of a run rather than the server. */
export const saturatedLoadGenerator = 0.9;

const percent = (share: number | null) => (share === null ? "?" : `${Math.round(share * 100)}%`);

const microsecondsPerRequest = (figures: LoadFigures) =>
  figures.serverCpu === null || figures.requestsPerSecond === 0 ? null : (figures.serverCpu / figures.requestsPerSecond) * 1e6;

/**
 * The run that counts for a server: the median by requests per second (the lower middle one when the
 * count is even), so one lucky or disturbed round moves nothing.
 */
export function medianRun(runs: LoadFigures[]): LoadFigures {
  const sorted = [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const run = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!run) throw new Error("medianRun: no run");
  return run;
}

export function throughputTable(results: LoadFigures[]): string[] {
  const labelWidth = Math.max(12, ...results.map((result) => result.label.length)) + 2;
  const head = [
    "req/s",
    "p50 ms",
    "p90 ms",
    "p99 ms",
    "max ms",
    "B/resp",
    "failed",
    "server CPU",
    "µs CPU/req",
    "wrk CPU",
    "others*",
    "others",
  ];
  const widths = [9, 8, 8, 8, 8, 8, 8, 12, 12, 9, 9, 8];
  const line = (first: string, cells: string[]) =>
    `${first.padEnd(labelWidth)}${cells.map((text, index) => text.padStart(widths[index] ?? 8)).join("")}`;
  return [
    line("", head),
    ...results.map((result) =>
      line(result.label, [
        result.requestsPerSecond.toFixed(0),
        result.latencyMs.p50.toFixed(1),
        result.latencyMs.p90.toFixed(1),
        result.latencyMs.p99.toFixed(1),
        result.latencyMs.max.toFixed(1),
        result.bytesPerResponse.toFixed(0),
        String(result.failed),
        percent(result.serverCpu),
        microsecondsPerRequest(result)?.toFixed(1) ?? "?",
        percent(result.loadGeneratorCpu),
        percent(result.serverCoreOtherCpu),
        percent(result.otherCpu),
      ]),
    ),
  ];
}

/** A note when other processes took CPU during any run, saying how much: such figures are low and noisy. */
export function disturbanceNote(runs: LoadFigures[]): string | null {
  const most = (pick: (run: LoadFigures) => number | null) => Math.max(0, ...runs.map((run) => pick(run) ?? 0));
  const anyCore = most((run) => run.otherCpu);
  const serverCore = most((run) => run.serverCoreOtherCpu);
  if (anyCore <= disturbance.anyCore && serverCore <= disturbance.serverCore) return null;
  return (
    `Disturbed: other processes used up to ${percent(anyCore)} of a core during the runs, ${percent(serverCore)} of the ` +
    "servers' core. They took CPU from the server under test or from wrk, so these figures are lower and noisier than " +
    "on a quiet machine: run the bench again when nothing else runs."
  );
}

/** What the figures mean beyond the ratio: what limited each run, and the CPU cost per request. */
export function throughputNotes(ours: LoadFigures, nginx: LoadFigures): string[] {
  const notes: string[] = [];
  for (const run of [ours, nginx]) {
    if ((run.loadGeneratorCpu ?? 0) >= saturatedLoadGenerator) {
      notes.push(
        `wrk used ${percent(run.loadGeneratorCpu)} of its core against ${run.label}: the load generator may have been that run's limit, ` +
          (run === nginx ? "not nginx, so the ratio flatters our server." : "not our server."),
      );
    }
  }
  if (ours.serverCpu !== null && ours.serverCpu < 0.85) {
    notes.push(`Our server used ${percent(ours.serverCpu)} of its core: something besides its own CPU time limited it.`);
  }
  const oursCost = microsecondsPerRequest(ours);
  const nginxCost = microsecondsPerRequest(nginx);
  if (oursCost !== null && nginxCost !== null && oursCost > 0) {
    notes.push(
      `CPU per request: ours ${oursCost.toFixed(1)} µs, nginx ${nginxCost.toFixed(1)} µs: per CPU-second our server answers ` +
        `${(nginxCost / oursCost).toFixed(2)} of nginx's requests.`,
    );
  }
  return notes;
}

/** Ours against nginx (the runs that count); failed requests in any run (`runs`) fail the budget. */
export function throughputCheck(ours: LoadFigures, nginx: LoadFigures, runs: LoadFigures[] = [ours, nginx]): Check {
  const ratio = ours.requestsPerSecond / nginx.requestsPerSecond;
  const clean = runs.every((run) => run.failed === 0);
  return {
    subject: "/",
    figure: "req/s ÷ nginx's",
    text: Number.isFinite(ratio) ? ratio.toFixed(3) : "n/a",
    budget: `≥ ${budgets.throughputRatio}`,
    pass: clean && Number.isFinite(ratio) ? ratio >= budgets.throughputRatio : false,
  };
}

/** The closing lines: each server's counted figures (no budget of their own), then the ratio beside its budget. */
export function throughputSummary(ours: LoadFigures, nginx: LoadFigures, runs: LoadFigures[] = [ours, nginx]): string[] {
  const figures = (run: LoadFigures) =>
    `${mark(null)} ${run.label}: ${run.requestsPerSecond.toFixed(0)} req/s, latency p50 ${run.latencyMs.p50.toFixed(1)} ms, ` +
    `p90 ${run.latencyMs.p90.toFixed(1)} ms, p99 ${run.latencyMs.p99.toFixed(1)} ms (no budget)`;
  return [figures(ours), figures(nginx), formatCheck(throughputCheck(ours, nginx, runs))];
}
