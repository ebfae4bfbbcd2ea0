/**
 * The figures of docs/architecture.md: files and lines per layer, imports between layers, what the check
 * finds, and the sizes of the files. `npm run figures` prints them as Markdown tables.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { checkedPaths, cruiseTree, type Layer, layerOf, layers } from "./cruise.ts";

const sourceFile = /\.(ts|tsx|js|mjs|cjs)$/;
const helperName = /test-bed|test-support|test-receiver|testing|fixture/;

const trackedSources = () =>
  execFileSync("git", ["ls-files"], { encoding: "utf8" })
    .split("\n")
    .filter((path) => sourceFile.test(path));

const linesOf = (path: string) => readFileSync(path, "utf8").split("\n").length - 1;

function table(head: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
  return [line(head), line(head.map(() => "---")), ...rows.map(line)].join("\n");
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}

export function sizeRow(name: string, sizes: number[]): (string | number)[] {
  const count = (low: number, high: number) => sizes.filter((size) => size >= low && size < high).length;
  return [name, sizes.length, count(0, 50), count(50, 150), count(150, 300), count(300, Infinity), median(sizes)];
}

export async function figures(map: Layer[] = layers): Promise<string> {
  const files = trackedSources().map((path) => ({ path, layer: layerOf(path, map) ?? "?", lines: linesOf(path) }));
  const names = map.map((layer) => layer.name);
  const perLayer = names.map((name) => {
    const mine = files.filter((file) => file.layer === name);
    return [name, mine.length, mine.reduce((sum, file) => sum + file.lines, 0)];
  });

  const result = await cruiseTree(checkedPaths.filter((path) => files.some((file) => file.path.startsWith(path))));
  const between = new Map<string, number>();
  for (const module of result.modules) {
    const from = layerOf(module.source, map);
    for (const dependency of module.dependencies) {
      const to = dependency.couldNotResolve ? undefined : layerOf(dependency.resolved, map);
      if (from && to && from !== to) between.set(`${from} ${to}`, (between.get(`${from} ${to}`) ?? 0) + 1);
    }
  }
  const allowed = (from: string, to: string) => map.find((layer) => layer.name === from)?.mayImport.includes(to) ?? false;
  const matrix = names.map((from) => [
    from,
    ...names.map((to) => {
      const count = between.get(`${from} ${to}`);
      if (!count) return "";
      return allowed(from, to) ? count : `**${count} ✗**`;
    }),
  ]);
  const crossing = [...between.entries()];
  const wrongWay = crossing.filter(([pair]) => !allowed(...(pair.split(" ") as [string, string])));

  const byRule = new Map<string, Set<string>>();
  for (const violation of result.summary.violations) {
    const rule = violation.rule.name;
    byRule.set(rule, (byRule.get(rule) ?? new Set()).add(violation.from));
  }
  const onCycles = new Set(result.modules.filter((module) => module.dependencies.some((d) => d.circular)).map((module) => module.source));
  const helpersOutside = files.filter((file) => helperName.test(file.path) && !file.path.startsWith("tests/"));

  const sum = (counts: number[]) => counts.reduce((total, count) => total + count, 0);
  const sizes = (chosen: typeof files) => chosen.map((file) => file.lines);
  const sizeRows = [
    sizeRow("production", sizes(files.filter((file) => file.layer !== "tests"))),
    sizeRow("tests", sizes(files.filter((file) => file.layer === "tests"))),
    sizeRow("all", sizes(files)),
  ];
  const totals =
    `Imports across layers: ${sum(crossing.map(([, count]) => count))}, of which the wrong way: ${sum(wrongWay.map(([, count]) => count))}.\n` +
    `Files on an import cycle: ${onCycles.size}. Test helpers outside tests/: ${helpersOutside.length} (${sum(sizes(helpersOutside))} lines).`;
  const ruleTable = table(
    ["rule", "files"],
    [...byRule.entries()].map(([rule, from]) => [rule, from.size]),
  );
  return [
    "Files and lines per layer (tracked .ts, .tsx, .js, .mjs, .cjs files):\n",
    table(["layer", "files", "lines"], perLayer),
    "\nImports between layers (rows import columns; ✗: the wrong way):\n",
    table(["from \\ to", ...names], matrix),
    `\n${totals}`,
    byRule.size ? `\nWhat the check finds (files breaking each rule):\n\n${ruleTable}` : "\nWhat the check finds: nothing.",
    "\nFile sizes in lines:\n",
    table(["files", "count", "< 50", "50–149", "150–299", "≥ 300", "median"], sizeRows),
  ].join("\n");
}

if (import.meta.main) console.log(await figures());
