import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { serverNodeFlags } from "./server-flags.ts";

describe("the server's heap limits", () => {
  it("are the same in the Docker image, npm start and npm run serve", () => {
    const cmd = readFileSync("Dockerfile", "utf8")
      .split("\n")
      .findLast((line) => line.startsWith("CMD "));
    expect(JSON.parse(cmd?.slice(4) ?? "[]")).toEqual(["node", ...serverNodeFlags, "server/index.ts"]);
    const scripts = JSON.parse(readFileSync("package.json", "utf8")).scripts as Record<string, string>;
    expect(scripts.start).toContain(`node ${serverNodeFlags.join(" ")} scripts/start-local.ts`);
    expect(scripts.serve).toBe(`node ${serverNodeFlags.join(" ")} server/index.ts`);
  });
});
