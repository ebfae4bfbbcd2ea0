import { describe, expect, it } from "vitest";
import { parseStat } from "./cpu.ts";

describe("parseStat", () => {
  it("reads the parent and the CPU time, whatever the command name holds", () => {
    const line = "4242 (nginx: worker (x) 1) S 4241 4241 4241 0 -1 4194624 120 0 0 0 150 37 0 0 20 0 1 0 1234 10000 300";
    expect(parseStat(line)).toEqual({ ppid: 4241, cpuSeconds: 1.87 });
  });
});
