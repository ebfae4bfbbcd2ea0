/**
 * Full-page screenshots of every page, at phone and desktop widths, in every language, for looking at
 * what was built: `npm run screenshots [-- <base-url>] [-- --only /about]`. Written to screenshots/.
 */
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
import { defaultLanguage, languages, localizePath, preferenceKey } from "../common/languages.ts";
import { chromiumArgs, chromiumPath } from "./support/chromium.ts";

const base = process.argv.find((arg) => arg.startsWith("http")) ?? "http://localhost:3000";
const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : undefined;
const pages = [
  "/",
  "/blog",
  "/blog/smart-tv-setup-guide",
  "/blog?search=zzz",
  "/checkout",
  "/about",
  "/contact",
  "/terms",
  "/privacy",
  "/no-such-page",
].filter((page) => !only || page === only);
const widths = [375, 1280];

mkdirSync("screenshots", { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
for (const width of widths) {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 800 : 900 }, locale: "en-GB" });
  // The language chain must not move the English pages while they are photographed.
  await context.addInitScript(([key, language]) => localStorage.setItem(key, language), [preferenceKey, defaultLanguage] as const);
  const page = await context.newPage();
  for (const language of languages) {
    for (const path of pages) {
      const url = `${base}${localizePath(path, language)}`;
      await page.goto(url, { waitUntil: "networkidle" });
      // Scroll through the page so every lazy section renders, then back to the top.
      const height = await page.evaluate(() => document.body.scrollHeight);
      for (let y = 0; y < height; y += 600) await page.mouse.wheel(0, 600);
      await page.waitForTimeout(300);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(300);
      const name = `${language}${path.replace(/[/?=]/g, "_")}-${width}.png`.replace("_-", "_home-");
      await page.screenshot({ path: `screenshots/${name}`, fullPage: true });
      console.log(`screenshots/${name}`);
    }
  }
  await context.close();
}
await browser.close();
