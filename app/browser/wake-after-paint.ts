import { painted } from "./painted";
import { addHeadLink, manifestPath } from "./wake";

/**
 * The script of a page whose app has work to do unasked (the console, the account, the payment's return
 * page): resolves when the page may import its app, once it has painted
 * (docs/decisions/0007-hydration-after-first-paint.md). The client entry (`entry`, `null` when the page has
 * none) is preloaded last, so that its download overlaps the route modules' the page then imports; it runs
 * only once they are known, as React Router has it. `afterPaint` comes from wake-after-paint-detecting.ts,
 * never from the page.
 */
export default async function wakeAfterPaint(entry: string | null, afterPaint?: () => void): Promise<void> {
  await painted();
  addHeadLink("manifest", manifestPath);
  afterPaint?.();
  if (entry) addHeadLink("modulepreload", entry);
}
