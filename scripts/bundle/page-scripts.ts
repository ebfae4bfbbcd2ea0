/**
 * The browser code a page carries inline (docs/decisions/0048-browser-code-as-modules.md): TypeScript modules
 * in app/browser/, type-checked and linted with the rest, each page script built apart into one minified
 * script that the server writes into the page. An entry either runs by itself (the scroll restoration, a
 * classic script: it leaves no name behind), or exports a default function, which the built script defines
 * under `pageScriptName` for the page to call (`pageScriptCall`, in a module script, where the name stays).
 *
 * The server imports `virtual:page-script/<name>` for the built script. Under Vite's development server (and
 * in the unit tests) it is built again whenever a module it includes changes.
 */

import type { Plugin } from "vite";
import { pageScriptName } from "../../app/page-script-call.ts";
import { buildApart } from "./build-apart.ts";

/** The page scripts, by name: what the server imports. */
export const pageScriptEntries: Record<string, string> = {
  "restore-scroll-position": "app/browser/restore-scroll-position.ts",
  "wake-after-paint": "app/browser/wake-after-paint.ts",
  "wake-after-paint-detecting": "app/browser/wake-after-paint-detecting.ts",
  "wake-at-interaction": "app/browser/wake-at-interaction.ts",
  "wake-at-interaction-detecting": "app/browser/wake-at-interaction-detecting.ts",
  // Alone, under Vite's development server, where the page keeps React Router's scripts.
  "language-detection": "app/browser/language-detection.ts",
};

const prefix = "virtual:page-script/";

/** A page script, built: its code, and the files it was built from. */
export async function buildPageScript(entry: string): Promise<{ code: string; files: string[] }> {
  const chunk = await buildApart(entry, { format: "iife", name: pageScriptName });
  return { code: chunk.code.trim(), files: chunk.moduleIds.filter((id) => !id.startsWith("\0")) };
}

/** The plugin that gives the server `virtual:page-script/<name>` for each of `entries`. */
export function pageScripts(entries: Record<string, string> = pageScriptEntries): Plugin {
  let command: "build" | "serve" = "build";
  // A build makes each script once, for the browser's build and the server's alike.
  const built = new Map<string, ReturnType<typeof buildPageScript>>();
  const buildOnce = (name: string, entry: string) => {
    if (!built.has(name)) built.set(name, buildPageScript(entry));
    return built.get(name)!;
  };
  return {
    name: "page-scripts",
    configResolved(config) {
      command = config.command;
    },
    resolveId(id) {
      return id.startsWith(prefix) && Object.hasOwn(entries, id.slice(prefix.length)) ? `\0${id}` : undefined;
    },
    async load(id) {
      const name = id.startsWith(`\0${prefix}`) ? id.slice(prefix.length + 1) : undefined;
      const entry = name && entries[name];
      if (!name || !entry) return undefined;
      const { code, files } = await (command === "build" ? buildOnce(name, entry) : buildPageScript(entry));
      if (command === "serve") for (const file of files) this.addWatchFile(file);
      return `export default ${JSON.stringify(code)};`;
    },
  };
}
