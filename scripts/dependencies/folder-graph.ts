/**
 * The imports between the feature folders of app/ (production files; tests left out), as `npm run deps:layers`
 * prints them: each folder with the folders it imports, by the layers of features.cjs; the imports against
 * that list (back-edges); the folders that import each other; the rings of folders; and the levels the graph
 * has by itself, whatever the list says (level 0 imports no folder, level n at most folders of level n−1; a
 * ring is one node). docs/architecture.md keeps its output from before and after the folders were layered.
 */
import { createRequire } from "node:module";
import { cruiseTree, layerOf } from "./cruise.ts";

export interface FeatureLayer {
  name: string;
  about: string;
  folders: string[];
}

export const featureLayers: FeatureLayer[] = createRequire(import.meta.url)("./features.cjs").featureLayers;

/** Folder → the folders it imports → how many imports. */
export type FolderGraph = Map<string, Map<string, number>>;

/** `app/checkout/schema.ts` → `checkout`; undefined for a file directly in app/ or outside it. */
export const folderOf = (path: string) => /^app\/([^/]+)\//.exec(path)?.[1];

export function folderGraph(imports: Array<{ from: string; to: string }>): FolderGraph {
  const graph: FolderGraph = new Map();
  for (const { from, to } of imports) {
    const [source, target] = [folderOf(from), folderOf(to)];
    if (!source || !target || source === target || layerOf(from) === "tests") continue;
    const targets = graph.get(source) ?? new Map<string, number>();
    graph.set(source, targets.set(target, (targets.get(target) ?? 0) + 1));
  }
  return graph;
}

const edges = (graph: FolderGraph) => [...graph].flatMap(([from, targets]) => [...targets].map(([to, count]) => ({ from, to, count })));

/** Imports that go back up the list: to a folder listed before the importer, or to one the list does not name. */
export function backEdges(graph: FolderGraph, layers: FeatureLayer[] = featureLayers) {
  const order = layers.flatMap((layer) => layer.folders);
  return edges(graph).filter(({ from, to }) => !order.includes(to) || order.indexOf(to) < order.indexOf(from));
}

export function mutualPairs(graph: FolderGraph): string[][] {
  return edges(graph)
    .filter(({ from, to }) => from < to && graph.get(to)?.has(from))
    .map(({ from, to }) => [from, to]);
}

/** The strongly connected groups of folders (Tarjan's algorithm), a folder on no ring alone in its group. */
export function rings(graph: FolderGraph): string[][] {
  const folders = [...new Set([...graph.keys(), ...edges(graph).map((edge) => edge.to)])].sort();
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (folder: string) => {
    index.set(folder, index.size);
    low.set(folder, index.get(folder)!);
    stack.push(folder);
    for (const next of [...(graph.get(folder)?.keys() ?? [])].sort()) {
      if (!index.has(next)) visit(next);
      if (stack.includes(next)) low.set(folder, Math.min(low.get(folder)!, low.get(next)!));
    }
    if (low.get(folder) !== index.get(folder)) return;
    const group: string[] = [];
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      group.push(member);
      if (member === folder) break;
    }
    groups.push(group.sort());
  };
  for (const folder of folders) if (!index.has(folder)) visit(folder);
  return groups;
}

/** The graph's own levels: each group of {@link rings} one above the highest group it imports. */
export function levels(graph: FolderGraph): string[][][] {
  const groups = rings(graph);
  const groupOf = new Map(groups.flatMap((group) => group.map((folder) => [folder, group] as const)));
  const level = new Map<string[], number>();
  // Tarjan's groups come out with every group after the groups it imports.
  for (const group of groups) {
    const below = group.flatMap((folder) => [...(graph.get(folder)?.keys() ?? [])].map((to) => groupOf.get(to)!));
    const imported = below.filter((other) => other !== group);
    level.set(group, imported.length ? Math.max(...imported.map((other) => level.get(other)!)) + 1 : 0);
  }
  const top = Math.max(...level.values());
  return Array.from({ length: top + 1 }, (_, at) => groups.filter((group) => level.get(group) === at));
}

export function report(graph: FolderGraph, layers: FeatureLayer[] = featureLayers): string {
  const listed = layers.flatMap((layer) => layer.folders);
  const unlisted = [...new Set([...graph.keys(), ...edges(graph).map((edge) => edge.to)])].filter((folder) => !listed.includes(folder));
  const imports = (folder: string) => [...(graph.get(folder)?.keys() ?? [])].sort().join(", ") || "(none)";
  const back = backEdges(graph, layers);
  const pairs = mutualPairs(graph);
  const ringsFound = rings(graph).filter((group) => group.length > 1);
  return [
    "Layers (scripts/dependencies/features.cjs), each folder with the folders it imports:",
    ...layers.flatMap((layer) => [`  ${layer.name}`, ...layer.folders.map((folder) => `    ${folder} → ${imports(folder)}`)]),
    ...(unlisted.length ? [`  not in the list: ${unlisted.sort().join(", ")}`] : []),
    `Back-edges (against the list): ${back.length}`,
    ...back.map(({ from, to, count }) => `  ${from} → ${to} (${count} import${count === 1 ? "" : "s"})`),
    `Pairs that import each other: ${pairs.length}${pairs.length ? ` (${pairs.map((pair) => pair.join(" ⇄ ")).join(", ")})` : ""}`,
    `Rings of folders: ${ringsFound.length ? ringsFound.map((group) => `{${group.join(", ")}}`).join(", ") : "none"}`,
    "Levels of the graph by itself (0: imports no folder; {…}: a ring):",
    ...levels(graph).map(
      (groups, level) => `  ${level}: ${groups.map((group) => (group.length > 1 ? `{${group.join(", ")}}` : group[0])).join(", ")}`,
    ),
  ].join("\n");
}

if (import.meta.main) {
  const result = await cruiseTree(["app"]);
  const imports = result.modules.flatMap((module) =>
    module.dependencies
      .filter((dependency) => !dependency.couldNotResolve)
      .map((dependency) => ({ from: module.source, to: dependency.resolved })),
  );
  console.log(report(folderGraph(imports)));
}
