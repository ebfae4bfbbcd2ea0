import { describe, expect, it } from "vitest";
import { marks } from "./report.ts";
import {
  disturbanceNote,
  type LoadFigures,
  medianRun,
  throughputCheck,
  throughputNotes,
  throughputSummary,
  throughputTable,
} from "./throughput-report.ts";

const load = (label: string, requestsPerSecond: number, failed = 0): LoadFigures => ({
  label,
  requestsPerSecond,
  latencyMs: { p50: 5, p90: 9, p99: 20, max: 41.26 },
  bytesPerResponse: 9500,
  failed,
  serverCpu: 0.99,
  loadGeneratorCpu: 0.6,
  serverCoreOtherCpu: 0.01,
  otherCpu: 0.02,
});

describe("the ratio", () => {
  it("compares our requests per second with nginx's against half of nginx's", () => {
    expect(throughputCheck(load("ours", 6000), load("nginx", 10000))).toMatchObject({ text: "0.600", budget: "≥ 0.5", pass: true });
    expect(throughputCheck(load("ours", 4000), load("nginx", 10000)).pass).toBe(false);
  });

  it("does not count a run with failed requests as meeting the budget", () => {
    expect(throughputCheck(load("ours", 9000, 3), load("nginx", 10000)).pass).toBe(false);
    expect(throughputCheck(load("ours", 9000), load("nginx", 10000, 1)).pass).toBe(false);
    const runs = [load("ours #1", 9000), load("ours #2", 9000, 2), load("nginx", 10000)];
    expect(throughputCheck(load("ours #1", 9000), load("nginx", 10000), runs).pass).toBe(false);
  });

  it("closes with each server's figures, then the ratio beside its budget", () => {
    expect(throughputSummary(load("our server", 6000), load("nginx/1.22.1", 10000))).toEqual([
      `${marks.info} our server: 6000 req/s, latency p50 5.0 ms, p90 9.0 ms, p99 20.0 ms (no budget)`,
      `${marks.info} nginx/1.22.1: 10000 req/s, latency p50 5.0 ms, p90 9.0 ms, p99 20.0 ms (no budget)`,
      `${marks.pass} / req/s ÷ nginx's: 0.600 (budget ≥ 0.5)`,
    ]);
  });
});

describe("the run that counts", () => {
  it("is the median by requests per second, the lower middle one for an even count", () => {
    const runs = [load("a", 900), load("b", 1200), load("c", 1000)];
    expect(medianRun(runs).label).toBe("c");
    expect(medianRun([load("a", 900), load("b", 1200)]).label).toBe("a");
    expect(medianRun([load("a", 900)]).label).toBe("a");
    expect(() => medianRun([])).toThrow();
  });
});

describe("the table", () => {
  it("prints one line per run with latency percentiles and CPU shares", () => {
    const [head, ours] = throughputTable([load("our server #1", 9900), { ...load("nginx #1", 20000), otherCpu: null }]);
    expect(head).toMatch(/req\/s +p50 ms +p90 ms +p99 ms +max ms +B\/resp +failed +server CPU +µs CPU\/req +wrk CPU +others\* +others$/);
    expect(ours).toMatch(/^our server #1 +9900 +5\.0 +9\.0 +20\.0 +41\.3 +9500 +0 +99% +100\.0 +60% +1% +2%$/);
  });
});

describe("the notes", () => {
  it("says nothing of disturbance on a quiet machine, and how much otherwise", () => {
    expect(disturbanceNote([load("a", 1), load("b", 1)])).toBeNull();
    expect(disturbanceNote([load("a", 1), { ...load("b", 1), serverCoreOtherCpu: 0.3, otherCpu: 0.7 }])).toMatch(
      /^Disturbed: other processes used up to 70% of a core during the runs, 30% of the servers' core\./,
    );
  });

  it("says when wrk may have been nginx's limit, when ours did not use its core, and compares the CPU cost", () => {
    const notes = throughputNotes({ ...load("our server", 5000), serverCpu: 0.7 }, { ...load("nginx", 10000), loadGeneratorCpu: 0.95 });
    expect(notes).toEqual([
      "wrk used 95% of its core against nginx: the load generator may have been that run's limit, not nginx, so the ratio flatters our server.",
      "Our server used 70% of its core: something besides its own CPU time limited it.",
      "CPU per request: ours 140.0 µs, nginx 99.0 µs: per CPU-second our server answers 0.71 of nginx's requests.",
    ]);
  });
});
