/**
 * The console's downloads, timed whole, with the server's resident memory sampled from /proc while they
 * stream: an export must stream, whatever its size (budget: +50 MB).
 */
import type { Figure } from "./console-pages.ts";
import { residentMb } from "./server.ts";
import { type Client, percentile } from "./timing.ts";

export const exportGrowthBudgetMb = 50;

export interface ExportFigure {
  name: string;
  path: string;
  seconds: number | null;
  bytes: number;
  growthMb: number | null;
  status: number;
  note: string;
  /** GET /healthz, asked every half second while the export streams: what a visitor waits meanwhile. */
  healthzMs: { p95: number; max: number } | null;
}

/** Times GET /healthz every half second until stopped: the export runs on the visitors' thread. */
function probeHealthz(base: string): () => { p95: number; max: number } | null {
  const waits: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${base}/healthz`).then(
        (response) => response.arrayBuffer(),
        () => undefined,
      );
      waits.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  })();
  return () => {
    running = false;
    void loop;
    return waits.length ? { p95: percentile(waits, 95), max: Math.max(...waits) } : null;
  };
}

export async function timeExport(client: Client, pid: number, name: string, path: string, timeoutMs: number): Promise<ExportFigure> {
  const before = await residentMb(pid);
  let peak = before ?? 0;
  const sampler = setInterval(async () => {
    peak = Math.max(peak, (await residentMb(pid)) ?? 0);
  }, 50);
  const stopProbe = probeHealthz(client.base);
  const started = performance.now();
  let bytes = 0;
  let status = 0;
  let note = "";
  try {
    const response = await fetch(`${client.base}${path}`, { headers: { Cookie: client.cookie }, signal: AbortSignal.timeout(timeoutMs) });
    status = response.status;
    for await (const chunk of response.body ?? []) bytes += (chunk as Uint8Array).byteLength;
  } catch (error) {
    note = `stopped after ${timeoutMs / 1000} s (${(error as Error).name}), ${(bytes / 1e6).toFixed(1)} MB received`;
  } finally {
    clearInterval(sampler);
  }
  const healthzMs = stopProbe();
  const seconds = note ? null : (performance.now() - started) / 1000;
  return { name, path, seconds, bytes, growthMb: before === null ? null : peak - before, status, note, healthzMs };
}

/** An export's figures as table lines: its memory beside the budget, its time shown without one. */
export function exportFigures(figure: ExportFigure): Figure[] {
  const base = { path: figure.path, runs: 1, status: figure.status, p99: null };
  const rate = figure.seconds ? `, ${(figure.bytes / 1e6 / figure.seconds).toFixed(2)} MB/s` : "";
  const healthz = figure.healthzMs
    ? `; /healthz meanwhile p95 ${figure.healthzMs.p95.toFixed(0)} ms, max ${figure.healthzMs.max.toFixed(0)} ms`
    : "";
  const size = `${(figure.bytes / 1e6).toFixed(1)} MB${rate}${healthz}`;
  return [
    { ...base, name: `${figure.name}: time (s)`, budgetMs: null, p95: figure.seconds, note: figure.note || size },
    { ...base, name: `${figure.name}: RSS growth (MB)`, budgetMs: exportGrowthBudgetMb, p95: figure.growthMb, note: "" },
  ];
}
