import { describe, expect, it } from "vitest";
import { isShellStart, shellChunkName, staticallyReachable } from "./chunk-groups.ts";

const graph: Record<string, string[]> = {
  "/site/app/entry.client.tsx": ["/site/node_modules/react-dom/client.js", "/site/app/i18n/registry.ts"],
  "/site/app/root.tsx?client-route": ["/site/app/components/SiteShell.tsx"],
  "/site/app/components/SiteShell.tsx": ["/site/app/components/Header.tsx", "/site/node_modules/react/index.js"],
  "/site/app/components/Header.tsx": ["/site/app/components/SiteShell.tsx"],
  "/site/app/routes/blog.tsx": ["/site/app/components/BlogCard.tsx", "/site/app/components/Header.tsx"],
};
const getModuleInfo = (id: string) => ({ importedIds: graph[id] ?? [] });

describe("the shell's chunks", () => {
  it("starts from the client entry and the root route, whatever query React Router adds", () => {
    expect(isShellStart("/site/app/entry.client.tsx")).toBe(true);
    expect(isShellStart("/site/app/root.tsx?client-route")).toBe(true);
    expect(isShellStart("/site/app/routes/root-like.tsx")).toBe(false);
  });

  it("holds what the starts import, through cycles, and nothing that only a route imports", () => {
    const reachable = staticallyReachable(["/site/app/entry.client.tsx", "/site/app/root.tsx?client-route"], getModuleInfo);
    expect(shellChunkName("/site/node_modules/react-dom/client.js", reachable)).toBe("framework");
    expect(shellChunkName("/site/node_modules/react/index.js", reachable)).toBe("framework");
    expect(shellChunkName("/site/app/components/Header.tsx", reachable)).toBe("shell");
    expect(shellChunkName("/site/app/i18n/registry.ts", reachable)).toBe("shell");
    expect(shellChunkName("/site/app/components/BlogCard.tsx", reachable)).toBeNull();
    expect(shellChunkName("/site/app/routes/blog.tsx", reachable)).toBeNull();
  });

  it("leaves the starts themselves to React Router, which names their files", () => {
    const reachable = staticallyReachable(["/site/app/entry.client.tsx"], getModuleInfo);
    expect(shellChunkName("/site/app/entry.client.tsx", reachable)).toBeNull();
  });
});
