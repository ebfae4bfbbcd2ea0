/**
 * The month's ZIP of invoices measured in process, without a server (ms per PDF, PDFs/s, heap and RSS
 * growth, the longest event-loop gap). The app's modules import without extensions, so they load through Vite.
 *   npm run bench:zip -- <sqlite file> [documents to render alone, default 500]   (node --expose-gc)
 */
import { createServer } from "vite";

const vite = await createServer({ configFile: false, logLevel: "error", server: { middlewareMode: true, hmr: false }, appType: "custom" });
try {
  await vite.ssrLoadModule("/scripts/bench-zip/measure.ts");
} finally {
  await vite.close();
}
