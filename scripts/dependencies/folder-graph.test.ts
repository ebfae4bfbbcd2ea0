import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { backEdges, type FeatureLayer, featureLayers, folderGraph, levels, mutualPairs, report, rings } from "./folder-graph.ts";

const imports = (...pairs: string[]) =>
  folderGraph(
    pairs.map((pair) => {
      const [from, to] = pair.split(" → ") as [string, string];
      return { from: `app/${from}/a.ts`, to: `app/${to}/b.ts` };
    }),
  );
const layers: FeatureLayer[] = [
  { name: "top", about: "", folders: ["routes"] },
  { name: "middle", about: "", folders: ["checkout", "renewals"] },
  { name: "bottom", about: "", folders: ["access"] },
];

describe("the folders' import graph", () => {
  it("counts imports between folders of app/, never a test's, a file's own folder or a file directly in app/", () => {
    const graph = folderGraph([
      { from: "app/checkout/a.ts", to: "app/access/b.ts" },
      { from: "app/checkout/c.tsx", to: "app/access/d.ts" },
      { from: "app/checkout/a.test.ts", to: "app/routes/e.ts" },
      { from: "app/checkout/a.ts", to: "app/checkout/f.ts" },
      { from: "app/checkout/a.ts", to: "app/services.server.ts" },
    ]);
    expect([...graph]).toEqual([["checkout", new Map([["access", 2]])]]);
  });

  it("finds the imports back up the list, the pairs and the rings", () => {
    const graph = imports("routes → checkout", "checkout → access", "access → renewals", "renewals → checkout", "checkout → renewals");
    expect(backEdges(graph, layers).map(({ from, to }) => `${from} → ${to}`)).toEqual(["access → renewals", "renewals → checkout"]);
    expect(mutualPairs(graph)).toEqual([["checkout", "renewals"]]);
    expect(rings(graph)).toContainEqual(["access", "checkout", "renewals"]);
    expect(levels(graph)).toEqual([[["access", "checkout", "renewals"]], [["routes"]]]);
  });

  it("levels a graph without rings by the longest way down", () => {
    const graph = imports("routes → checkout", "routes → access", "checkout → renewals", "renewals → access");
    expect(levels(graph)).toEqual([[["access"]], [["renewals"]], [["checkout"]], [["routes"]]]);
    expect(backEdges(graph, layers)).toEqual([]);
    expect(report(graph, layers)).toContain("Back-edges (against the list): 0\nPairs that import each other: 0\nRings of folders: none");
  });

  it("lists every folder of app/, once", () => {
    const folders = featureLayers.flatMap((layer) => layer.folders);
    expect(new Set(folders).size).toBe(folders.length);
    const inApp = readdirSync("app", { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(folders.sort()).toEqual(inApp.map((entry) => entry.name).sort());
  });
});
