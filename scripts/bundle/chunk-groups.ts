/**
 * How the browser's JavaScript is cut into files. Left to itself the bundler makes a chunk of every set of
 * modules that the same routes share, so the landing page asked for 34 files, a dozen of them under 1 KB.
 * Each request costs the phone's main thread a few milliseconds while the page hydrates
 * (docs/decisions/0009-less-work-while-hydrating.md), so what every public page needs before it can hydrate
 * (the client entry and the root route with all they import) comes in two files: the framework (React, React
 * Router), which changes rarely and stays cached across releases, and the site's shell. Routes, landing
 * sections, the not-found page and the locale messages keep their own chunks and load as before.
 */

import type { Plugin } from "vite";

interface ModuleInfo {
  importedIds: readonly string[];
}

type GetModuleInfo = (id: string) => ModuleInfo | null;

/** The modules the shell starts from: the client entry and the root route (React Router adds a query to its id). */
export function isShellStart(id: string): boolean {
  return /\/app\/(entry\.client|root)\.tsx(\?|$)/.test(id);
}

/** Every module reachable by static imports from the given starting modules, the starts included. */
export function staticallyReachable(starts: readonly string[], getModuleInfo: GetModuleInfo): Set<string> {
  const reached = new Set<string>();
  const pending = [...starts];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (reached.has(id)) continue;
    reached.add(id);
    pending.push(...(getModuleInfo(id)?.importedIds ?? []));
  }
  return reached;
}

/** The chunk a module goes to: "framework" or "shell" for what the shell needs, the bundler's choice otherwise. */
export function shellChunkName(id: string, reachable: ReadonlySet<string>): "framework" | "shell" | null {
  if (!reachable.has(id) || isShellStart(id)) return null;
  return id.includes("/node_modules/") ? "framework" : "shell";
}

/**
 * A Vite plugin and the chunk groups it feeds. The module graph is complete at the end of the build phase,
 * before chunks are made: the plugin works out the shell there, for the browser's build only.
 */
export function shellChunks() {
  let reachable = new Set<string>();
  const plugin: Plugin = {
    name: "shell-chunks",
    buildEnd() {
      const ids = this.environment.name === "client" ? [...this.getModuleIds()].filter(isShellStart) : [];
      reachable = staticallyReachable(ids, (id) => this.getModuleInfo(id));
    },
  };
  const groups = [{ name: (id: string) => shellChunkName(id, reachable) }];
  return { plugin, groups };
}
