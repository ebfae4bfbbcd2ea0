import { describe, expect, it } from "vitest";
import { parseWrkOutput, reportScript, wrkCommand } from "./wrk.ts";

const wrkOutput = `Running 10s test @ http://127.0.0.1:3200/
  1 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     2.59ms  801.46us  20.79ms   88.12%
  188554 requests in 10.00s, 1.67GB read
Requests/sec:  18855.48
Transfer/sec:    170.81MB

WRK_JSON {"durationUs":10000000,"requests":188554,"bytes":1791074446,"errors":{"connect":0,"read":0,"write":0,"status":2,"timeout":1},"latencyUs":{"mean":2590.4,"p50":2063,"p90":5416,"p99":10771,"max":20789}}
`;

describe("parseWrkOutput", () => {
  it("reads the script's JSON line, whatever wrk printed around it", () => {
    expect(parseWrkOutput(wrkOutput)).toEqual({
      requestsPerSecond: 18855.4,
      requests: 188554,
      bytesPerResponse: 9499,
      failed: 3,
      latencyMs: { p50: 2.063, p90: 5.416, p99: 10.771, max: 20.789 },
    });
  });

  it("fails with wrk's output when the summary is missing or malformed", () => {
    expect(() => parseWrkOutput("unable to connect to 127.0.0.1:3200 Connection refused")).toThrow(
      /printed no summary:\nunable to connect/,
    );
    expect(() => parseWrkOutput('WRK_JSON {"durationUs":0}')).toThrow();
  });
});

describe("the wrk command", () => {
  it("pins wrk to its core with one thread, and sends the headers given", () => {
    const command = wrkCommand(
      { url: "http://127.0.0.1:3200/", headers: { "accept-encoding": "gzip" }, connections: 50, durationS: 10, timeoutS: 5, cpu: 1 },
      "/tmp/report.lua",
    );
    expect(command.join(" ")).toBe(
      "taskset --cpu-list 1 wrk --threads 1 --connections 50 --duration 10s --timeout 5s --script /tmp/report.lua " +
        "--header accept-encoding: gzip http://127.0.0.1:3200/",
    );
  });

  it("defines only done(), so wrk keeps its fast path", () => {
    expect(reportScript).toMatch(/^done = function\(summary, latency, requests\)/);
    expect(reportScript).not.toMatch(/^(request|response|init|setup) = /m);
  });
});
