/**
 * A browser script built apart from the app: its own bundle, sharing no chunk with React or the router, so a
 * page can run it without waking the app (docs/decisions/0034-hydration-on-first-interaction.md). The app's
 * chunk groups would otherwise put a module the shell also uses (common/languages.ts) in the shell's chunk,
 * and importing it would load React with it.
 *
 * The server imports `virtual:<name>` for the script's URL: a hashed file of the browser's build, or in
 * development the source, which Vite's server transforms on request.
 */

import { createHash } from "node:crypto";
import { relative } from "node:path";
import type { Plugin } from "vite";
import { buildApart } from "./build-apart.ts";

/** The file name of a built script: its name and a hash of its content, as the build names its assets. */
export function hashedFileName(name: string, code: string): string {
  const hash = createHash("sha256").update(code).digest("base64url").slice(0, 8).replaceAll(/[-_]/g, "0");
  return `assets/${name}-${hash}.js`;
}

/** The plugin: `name` is both the virtual module's (`virtual:<name>`) and the built file's. */
export function standaloneScript(name: string, entry: string): Plugin {
  const virtualId = `virtual:${name}`;
  const resolvedId = `\0${virtualId}`;
  let command: "build" | "serve" = "build";
  let built: Promise<{ fileName: string; code: string }> | undefined;
  // The browser's build writes the file and the server's build names it: both wait for the same bundle.
  const script = () => {
    built ??= buildApart(entry, { format: "es" }).then(({ code }) => ({ fileName: hashedFileName(name, code), code }));
    return built;
  };
  return {
    name: `standalone-script:${name}`,
    configResolved(config) {
      command = config.command;
    },
    resolveId(id) {
      return id === virtualId ? resolvedId : undefined;
    },
    async load(id) {
      if (id !== resolvedId) return undefined;
      const url = command === "serve" ? `/${relative(process.cwd(), entry)}` : `/${(await script()).fileName}`;
      return `export default ${JSON.stringify(url)};`;
    },
    async generateBundle() {
      if (this.environment.name !== "client") return;
      const { fileName, code } = await script();
      this.emitFile({ type: "asset", fileName, source: code });
    },
  };
}
