/**
 * Rewrites a rendered page so that nothing but the HTML and its stylesheet is requested before the first
 * paint (docs/decisions/0007-hydration-after-first-paint.md). React Router's `<Scripts>` puts a
 * `modulepreload` for every module of the page in the head and imports the route modules statically, so on a
 * phone ~150 KB of JavaScript competes with the page for the link before anything shows. Here the preloads
 * leave the head, and the inline module that starts hydration first runs the page's script (app/browser/):
 * it waits for the first paint, then preloads the client entry; the module then imports the route modules.
 * Their own imports follow as each arrives: adding all two dozen preload links back from a script was one
 * 50 ms task on a fast machine (each link starts its request synchronously), four times that on a phone.
 * Client navigation is untouched: React Router still loads route chunks on intent.
 *
 * A public page goes further and waits for the visitor's first interaction as well
 * (docs/decisions/0034-hydration-on-first-interaction.md): its controls work natively until then, and a
 * visitor who only reads downloads none of the app. Every rule of when a page's JavaScript runs, as it now
 * stands: docs/decisions/0044-when-a-page-s-javascript-runs.md.
 */

import wakeAfterPaint from "virtual:page-script/wake-after-paint";
import wakeAfterPaintDetecting from "virtual:page-script/wake-after-paint-detecting";
import wakeAtInteraction from "virtual:page-script/wake-at-interaction";
import wakeAtInteractionDetecting from "virtual:page-script/wake-at-interaction-detecting";
import type { LanguageDetection } from "./browser/language-detection";
import { pageScriptCall } from "./page-script-call";
import { findHydrationScript, hydrationParts, withoutModulePreloads } from "./react-router-output";

/** When the app's scripts load: after the first paint, or after the visitor's first interaction as well. */
export type HydrationMoment = "paint" | "interaction";

export interface DeferOptions {
  moment: HydrationMoment;
  /** The language detection, run once the page has painted, whatever the moment (on an English page). */
  detection?: LanguageDetection;
}

/**
 * The page's script (app/browser/wake-*.ts), by moment, with the language detection only where it runs: one
 * script doing all of it would weigh a few hundred bytes more on the pages that need less.
 */
const wakeScripts = {
  paint: { plain: wakeAfterPaint, detecting: wakeAfterPaintDetecting },
  interaction: { plain: wakeAtInteraction, detecting: wakeAtInteractionDetecting },
};

/** The hydration script's body: the page's script, then the same modules imported all at once, then the rest. */
export function deferredHydrationScript(body: string, { moment, detection }: DeferOptions = { moment: "paint" }): string {
  const { imports, entry, statements } = hydrationParts(body);
  const detecting = detection ? [detection.script, detection.endpoint, detection.timeoutMs] : [];
  // A module imported for its effects only leaves a hole in the destructuring.
  const names = imports.map(({ name }) => name).join(", ");
  const modules = imports.map(({ specifier }) => `import(${specifier})`).join(", ");
  return [
    wakeScripts[moment][detection ? "detecting" : "plain"],
    `await ${pageScriptCall(entry ?? null, ...detecting)};`,
    `const [${names}] = await Promise.all([${modules}]);`,
    ...statements,
  ].join("\n");
}

/** The page with its module preloads removed and its hydration deferred; unchanged when it has neither. */
export function hydrateAfterPaint(html: string, options?: DeferOptions): string {
  const script = findHydrationScript(html);
  if (!script) return html;
  const rewritten = `${html.slice(0, script.start)}${deferredHydrationScript(script.body, options)}${html.slice(script.end)}`;
  return withoutModulePreloads(rewritten);
}
