import { createRequire } from "node:module";
import { cruise, type ICruiseResult } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";

/** What `npm run check:deps` reads: every folder of code, and the configuration files that import code. */
export const checkedPaths = [
  "app",
  "server",
  "common",
  "content",
  "scripts",
  "tests",
  "examples",
  "docs",
  "vite.config.ts",
  "vitest.config.ts",
  "playwright.config.ts",
  "react-router.config.ts",
];

export interface Layer {
  name: string;
  about: string;
  path: string;
  mayImport: string[];
}

export const layers: Layer[] = createRequire(import.meta.url)("./layers.cjs").layers;

/** The layer a file belongs to (the first whose pattern matches), or undefined for a package or a Node module. */
export function layerOf(path: string, map: Layer[] = layers): string | undefined {
  return map.find((layer) => new RegExp(layer.path).test(path))?.name;
}

/**
 * The check itself, as `npm run check:deps` runs it: dependency-cruiser with .dependency-cruiser.cjs, from
 * the repository's root. `maxDepth` (0: no limit) stops following imports that far from `paths`: a planted
 * file's check needs only the imports around it.
 */
export async function cruiseTree(paths: string[] = checkedPaths, maxDepth = 0): Promise<ICruiseResult> {
  const options = await extractDepcruiseOptions("./.dependency-cruiser.cjs");
  const result = await cruise(paths, { ...options, validate: true, maxDepth }, undefined, { tsConfig: extractTSConfig("tsconfig.json") });
  return result.output as ICruiseResult;
}
