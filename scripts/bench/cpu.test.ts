import { describe, expect, it } from "vitest";
import { parseCoreSeconds, parseCpuList, parseStat } from "./cpu.ts";

describe("parseStat", () => {
  it("reads the parent, the CPU time and the exited children's, whatever the command name holds", () => {
    const line = "4242 (nginx: worker (x) 1) S 4241 4241 4241 0 -1 4194624 120 0 0 0 150 37 412 8 20 0 1 0 1234 10000 300";
    expect(parseStat(line)).toEqual({ ppid: 4241, cpuSeconds: 1.87, childrenCpuSeconds: 4.2 });
  });
});

describe("parseCoreSeconds", () => {
  it("adds user, nice and system time of each core, leaving out the machine's total line", () => {
    const text = "cpu  900 10 300 5000 0 0 0 0 0 0\ncpu0 500 10 200 2000 0 3 4 0 0 0\ncpu1 400 0 100 3000 0 0 0 0 0 0\nintr 1";
    expect(parseCoreSeconds(text)).toEqual(
      new Map([
        [0, 7.1],
        [1, 5],
      ]),
    );
  });
});

describe("parseCpuList", () => {
  it("reads single cores and ranges, ignoring what it cannot read", () => {
    expect(parseCpuList("0-2,5\n")).toEqual([0, 1, 2, 5]);
    expect(parseCpuList("3")).toEqual([3]);
    expect(parseCpuList("x,4-2")).toEqual([]);
  });
});
