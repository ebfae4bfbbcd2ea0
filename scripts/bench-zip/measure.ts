/**
 * Loaded by scripts/bench-zip.ts: renders N invoices of the database alone (ms per PDF), then streams the
 * month of the newest one as the ZIP for at most $ZIP_SECONDS (default 20) and prints its rate, the growth of
 * the heap and of the resident memory, and the longest the event loop waited meanwhile.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { exportMonthZip } from "../../app/admin/books/month-zip.server.ts";
import { monthRange } from "../../app/admin/books/period.ts";
import { renderInvoicePdf } from "../../app/invoices/pdf.server.ts";
import { openDatabase } from "../../server/db/database.ts";

const file = process.argv[2] ?? "data/site.db";
const count = Number(process.argv[3] ?? 500);
const limitMs = Number(process.env.ZIP_SECONDS ?? 20) * 1000;
const { db } = openDatabase({ sqliteFile: file });
const mb = (bytes: number) => (bytes / 1e6).toFixed(1);

const invoices = await db.selectFrom("invoices").selectAll().orderBy("issued_at", "desc").limit(count).execute();
const month = (invoices[0]?.issued_at ?? new Date().toISOString()).slice(0, 7);
let started = performance.now();
for (const invoice of invoices) await renderInvoicePdf(invoice, "NS-AAAA-BBBB");
console.log(`render alone: ${invoices.length} PDFs, ${((performance.now() - started) / invoices.length).toFixed(2)} ms/PDF`);

(globalThis as { gc?: () => void }).gc?.();
const base = process.memoryUsage();
const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
const operator = { id: 1, email: "bench@example.com" };
const response = await exportMonthZip(db, { month, range: monthRange(month), operator, address: "127.0.0.1" });
started = performance.now();
let bytes = 0;
let files = 0;
let peakRss = 0;
let peakHeap = 0;
const reader = (response.body as ReadableStream<Uint8Array>).getReader();
for (;;) {
  const { done, value } = await reader.read();
  if (done) break;
  bytes += value.byteLength;
  // A local file header starts each entry in its own chunk (fflate writes it apart from the data).
  if (value.byteLength >= 30 && value[0] === 0x50 && value[1] === 0x4b && value[2] === 3 && value[3] === 4) files += 1;
  if (process.env.ZIP_LIVE && files % 2000 === 0 && value.byteLength >= 30) {
    (globalThis as { gc?: () => void }).gc?.();
    console.log(`  ${files} files: live heap +${mb(process.memoryUsage().heapUsed - base.heapUsed)} MB`);
  }
  const usage = process.memoryUsage();
  peakRss = Math.max(peakRss, usage.rss);
  peakHeap = Math.max(peakHeap, usage.heapUsed);
  if (performance.now() - started > limitMs) {
    await reader.cancel();
    break;
  }
}
delay.disable();
const seconds = (performance.now() - started) / 1000;
console.log(
  `zip of ${month}: ${files} files, ${mb(bytes)} MB in ${seconds.toFixed(1)} s (${(files / seconds).toFixed(0)} PDFs/s, ` +
    `${(bytes / 1e6 / seconds).toFixed(2)} MB/s); RSS +${mb(peakRss - base.rss)} MB, heap +${mb(peakHeap - base.heapUsed)} MB; ` +
    `event-loop delay max ${(delay.max / 1e6).toFixed(0)} ms, p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms`,
);
(globalThis as { gc?: () => void }).gc?.();
const after = process.memoryUsage();
console.log(
  `after a forced collection: RSS +${mb(after.rss - base.rss)} MB, heap +${mb(after.heapUsed - base.heapUsed)} MB, external +${mb(after.external - base.external)} MB`,
);
await db.destroy();
