/**
 * `npm run bench`: Lighthouse (mobile, its default throttling) on every page type in every language,
 * against the real production server, in Debian's Chromium. Prints each figure beside its budget
 * (design.md §9). Run `npm run build` first; `--only /about` limits the pages.
 */
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumArgs, chromiumPath } from "../tests/support/chromium.ts";

const port = Number(process.env.BENCH_PORT ?? 3200);
const base = `http://localhost:${port}`;
const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : undefined;
const paths = ["/", "/about", "/terms", "/privacy", "/blog", "/blog/smart-tv-setup-guide", "/checkout", "/contact", "/no-such-page"].filter(
  (path) => !only || path === only,
);
const prefixes = ["", "/es", "/fr"];

const budget = { score: 100, lcpMs: 1200, tbtMs: 30, cls: 0, jsKb: 100 };

/**
 * A local stand-in for the IP-geolocation service, so the figures do not depend on a third party's
 * latency (and work offline). It answers like the real one, for a visitor in the United Kingdom.
 */
function startGeolocationStandIn() {
  const standIn = createServer((_, response) => {
    response.writeHead(200, { "Content-Type": "application/json", "Access-Control-Allow-Origin": "*" });
    response.end(JSON.stringify({ country_code: "GB" }));
  });
  standIn.listen(port + 1, "127.0.0.1");
  return standIn;
}

async function startServer() {
  const server = spawn(process.execPath, ["server/index.ts"], {
    env: { ...process.env, PORT: String(port), GEOLOCATION_URL: `http://localhost:${port + 1}/json/` },
    stdio: ["ignore", "pipe", "inherit"],
  });
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  server.kill();
  throw new Error("The server did not start: did you run `npm run build`?");
}

interface Row {
  url: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsKb: number;
}

const geolocation = startGeolocationStandIn();
const server = await startServer();
const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: chromiumArgs });
const rows: Row[] = [];
try {
  for (const prefix of prefixes) {
    for (const path of paths) {
      const url = `${base}${prefix}${path === "/" && prefix ? "" : path}`;
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        formFactor: "mobile",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      const { categories, audits, runtimeError } = result.lhr;
      if (runtimeError) console.log(`  ${url}: Lighthouse could not measure it: ${runtimeError.code} ${runtimeError.message}`);
      const scripts =
        (audits["network-requests"]?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
      const jsBytes = scripts.filter((item) => item.resourceType === "Script").reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
      const score = (name: string) => Math.round((categories[name]?.score ?? 0) * 100);
      rows.push({
        url: `${prefix}${path === "/" && prefix ? "" : path}`,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        lcpMs: Math.round(audits["largest-contentful-paint"]?.numericValue ?? Number.NaN),
        tbtMs: Math.round(audits["total-blocking-time"]?.numericValue ?? Number.NaN),
        cls: Number((audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN).toFixed(3)),
        jsKb: Number((jsBytes / 1024).toFixed(1)),
      });
      const failed = Object.values(categories)
        .flatMap((category) => category.auditRefs.map((ref) => audits[ref.id]))
        .filter(
          (audit) =>
            audit &&
            audit.score !== null &&
            audit.score < 1 &&
            audit.scoreDisplayMode !== "informative" &&
            audit.scoreDisplayMode !== "manual",
        )
        .map((audit) => audit?.id);
      if (failed.length > 0) console.log(`  ${url}: audits below full marks: ${[...new Set(failed)].join(", ")}`);
    }
  }
} finally {
  await chrome.kill();
  server.kill();
  geolocation.close();
}

const mark = (ok: boolean) => (ok ? " " : "✗");
console.log(
  `\nLighthouse mobile (budget: every score ${budget.score}, LCP < ${budget.lcpMs} ms, TBT < ${budget.tbtMs} ms, CLS ${budget.cls}, JS < ${budget.jsKb} KB compressed)\n`,
);
console.log("page                 perf  a11y  b-p   seo    LCP ms   TBT ms   CLS     JS KB");
for (const row of rows) {
  console.log(
    [
      row.url.padEnd(19),
      `${row.performance}${mark(row.performance >= budget.score)}`.padStart(5),
      `${row.accessibility}${mark(row.accessibility >= budget.score)}`.padStart(5),
      `${row.bestPractices}${mark(row.bestPractices >= budget.score)}`.padStart(5),
      `${row.seo}${mark(row.seo >= budget.score || row.url.includes("no-such-page"))}`.padStart(5),
      `${row.lcpMs}${mark(row.lcpMs < budget.lcpMs)}`.padStart(9),
      `${row.tbtMs}${mark(row.tbtMs < budget.tbtMs)}`.padStart(8),
      `${row.cls}${mark(row.cls <= budget.cls)}`.padStart(7),
      `${row.jsKb}${mark(row.jsKb < budget.jsKb)}`.padStart(9),
    ].join(" "),
  );
}
mkdirSync("bench-results", { recursive: true });
writeFileSync("bench-results/lighthouse.json", JSON.stringify(rows, null, 2));
console.log("\n✗ marks a figure over its budget. The not-found page is noindex on purpose, so its SEO score is not held to 100.");
console.log("Figures saved to bench-results/lighthouse.json.");
