/**
 * Reading a Lighthouse report for `npm run bench`: the JavaScript a page loaded, the audits below full
 * marks, and what holds LCP, TBT and CLS back, in Lighthouse's own terms.
 */
import type { Result } from "lighthouse";
import { budgets, type PageFigures } from "./report.ts";

type Details = { items?: Record<string, unknown>[] } | undefined;

const items = (lhr: Result, audit: string) => ((lhr.audits[audit]?.details as Details)?.items ?? []) as Record<string, unknown>[];

/** Kilobytes of JavaScript transferred while the page loaded, compressed, headers included. */
export function scriptKb(lhr: Result): number {
  const bytes = items(lhr, "network-requests")
    .filter((item) => item.resourceType === "Script")
    .reduce((sum, item) => sum + Number(item.transferSize ?? 0), 0);
  return bytes / 1024;
}

const metricAudits = new Set([
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "speed-index",
  "cumulative-layout-shift",
]);

/** Audits below full marks; those that are not the performance metrics say what they found. */
export function belowFullMarks(lhr: Result): string[] {
  const audits = Object.values(lhr.categories)
    .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0).map((ref) => lhr.audits[ref.id]))
    .filter((audit) => audit && audit.score !== null && audit.score < 1 && !["informative", "manual"].includes(audit.scoreDisplayMode));
  const described = audits.map((audit) => {
    if (!audit || metricAudits.has(audit.id)) return audit?.id ?? "";
    const found = items(lhr, audit.id)
      .slice(0, 3)
      .map((item) =>
        String(item.issueType ?? item.description ?? (item.node as { selector?: string } | undefined)?.selector ?? item.url ?? ""),
      )
      .filter(Boolean);
    return `${audit.id} (${audit.title}${found.length > 0 ? `: ${found.join("; ").slice(0, 160)}` : ""})`;
  });
  return [...new Set(described)];
}

/** Whether best practices lost points only for the console error Chrome logs when the page itself is a 404. */
export function lostOnlyToOwnStatus(lhr: Result): boolean {
  const lost = (lhr.categories["best-practices"]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1);
  const errors = items(lhr, "errors-in-console");
  return (
    lost.length === 1 &&
    lost[0]?.id === "errors-in-console" &&
    errors.every(
      (error) => error.source === "network" && (error.sourceLocation as { url?: string } | undefined)?.url === lhr.finalDisplayedUrl,
    )
  );
}

const ms = (value: unknown) => `${Math.round(Number(value))} ms`;
const kb = (bytes: unknown) => `${(Number(bytes) / 1024).toFixed(1)} KB`;
/** A URL on the bench's own server, shortened to its path. */
const short = (url: unknown) => String(url).replace(/^https?:\/\/(localhost|127\.0\.0\.1):\d+/, "");

/** The tables inside a "list" audit's details (the LCP element's has the element, then its phases). */
const listTables = (lhr: Result, audit: string) =>
  ((lhr.audits[audit]?.details as { items?: { items?: Record<string, unknown>[] }[] } | undefined)?.items ?? []).map(
    (table) => table.items ?? [],
  );

/**
 * What holds the figures over budget back, in Lighthouse's own terms: the LCP element and its phases,
 * the longest main-thread tasks and the scripts' CPU time, the layout shifts, the render-blocking files,
 * and the biggest scripts when the landing page's JavaScript is over budget.
 */
export function diagnose(lhr: Result, figures: PageFigures): string[] {
  const lines: string[] = [];
  if (!(figures.lcpMs < budgets.lcpMs)) {
    const [elementTable = [], phaseTable = []] = listTables(lhr, "largest-contentful-paint-element");
    const node = elementTable[0]?.node as { selector?: string; nodeLabel?: string } | undefined;
    const phases = phaseTable.map((phase) => `${String(phase.phase).toLowerCase()} ${ms(phase.timing)}`).join(", ");
    if (node) lines.push(`LCP element: ${node.selector} "${String(node.nodeLabel ?? "").slice(0, 50)}"${phases ? `; ${phases}` : ""}`);
    const observed = items(lhr, "metrics")[0] ?? {};
    const paint = Number(observed.observedFirstContentfulPaint);
    if (Number.isFinite(paint)) {
      // Main-thread work before the first paint, as it happened; the simulation runs it 4 times slower.
      const before = items(lhr, "main-thread-tasks")
        .map((task) => ({ start: Number(task.startTime), duration: Number(task.duration) }))
        .filter((task) => task.start < paint)
        .reduce((sum, task) => sum + Math.min(task.duration, paint - task.start), 0);
      // Requests started before the first paint, which the simulation also puts before it, on a slow link.
      const requested = items(lhr, "network-requests").filter((request) => Number(request.networkRequestTime) < paint);
      const bytes = requested.reduce((sum, request) => sum + Number(request.transferSize ?? 0), 0);
      // Lighthouse counts 1024 bits to the kilobit.
      const link = lhr.configSettings.throttling?.downloadThroughputKbps;
      lines.push(
        `unthrottled in this run: FCP ${ms(paint)}, LCP ${ms(observed.observedLargestContentfulPaint)}, ` +
          `after ${ms(before)} of main-thread work (x4 in the simulation) and ${requested.length} requests (${kb(bytes)}) ` +
          `started before it${link ? ` (~${ms((bytes * 8 * 1000) / (link * 1024))} at the simulated ${(link / 1024).toFixed(1)} Mbit/s)` : ""}`,
      );
    }
    const blocking = items(lhr, "render-blocking-insight").map(
      (item) => `${short(item.url)} (${kb(item.totalBytes)}, ~${ms(item.wastedMs)})`,
    );
    if (blocking.length > 0) lines.push(`render-blocking: ${blocking.join(", ")}`);
  }
  if (!(figures.tbtMs < budgets.tbtMs)) {
    const tasks = items(lhr, "long-tasks")
      .slice(0, 4)
      .map((task) => `${ms(task.duration)} ${short(task.url)}`);
    if (tasks.length > 0) lines.push(`longest main-thread tasks (simulated): ${tasks.join(", ")}`);
    const scripts = items(lhr, "bootup-time")
      .slice(0, 3)
      .map((script) => `${short(script.url)} ${ms(script.scripting)} scripting of ${ms(script.total)}`);
    if (scripts.length > 0) lines.push(`main-thread time by script (x4 slowdown): ${scripts.join(", ")}`);
    const kinds = items(lhr, "mainthread-work-breakdown")
      .slice(0, 3)
      .map((kind) => `${kind.groupLabel} ${ms(kind.duration)}`);
    if (kinds.length > 0) lines.push(`main-thread time by kind (x4 slowdown): ${kinds.join(", ")}`);
  }
  if (!(figures.cls <= budgets.cls)) {
    const shifts = items(lhr, "layout-shifts")
      .slice(0, 3)
      .map((shift) => `${(shift.node as { selector?: string } | undefined)?.selector ?? "?"} ${Number(shift.score).toFixed(3)}`);
    if (shifts.length > 0) lines.push(`layout shifts: ${shifts.join(", ")}`);
  }
  if (figures.landing) lines.push(landingScripts(lhr));
  return lines;
}

/** The landing page's JavaScript by module, biggest first, as transferred (compressed), and when it was asked for. */
function landingScripts(lhr: Result): string {
  const paint = Number(items(lhr, "metrics")[0]?.observedFirstContentfulPaint);
  const scripts = items(lhr, "network-requests")
    .filter((item) => item.resourceType === "Script")
    .sort((a, b) => Number(b.transferSize) - Number(a.transferSize));
  const total = scripts.reduce((sum, script) => sum + Number(script.transferSize ?? 0), 0);
  const early = scripts.filter((script) => Number(script.networkRequestTime) < paint).length;
  const list = scripts.map((script) => `${short(script.url).replace(/^\/assets\//, "")} ${kb(script.transferSize)}`).join(", ");
  return `JavaScript by module (${scripts.length}, ${kb(total)}, ${early} asked for before the first paint): ${list}`;
}
