import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { problemsOf } from "../../tests/support/config-problems.ts";
import { configWarnings, jobsInOwnProcess, parseConfig } from "../config.ts";

const postgres = { DATABASE_URL: "postgres://site:site@localhost:5432/site", NODE_ENV: "development" };

describe("WEB_CONCURRENCY", () => {
  it("is one process unless set, a whole number of processes, or one per core with auto", () => {
    expect(parseConfig({}).WEB_CONCURRENCY).toBe(1);
    expect(parseConfig({ ...postgres, WEB_CONCURRENCY: "4" }).WEB_CONCURRENCY).toBe(4);
    expect(parseConfig({ ...postgres, WEB_CONCURRENCY: " AUTO " }).WEB_CONCURRENCY).toBe(Math.min(64, availableParallelism()));
    expect(parseConfig({ WEB_CONCURRENCY: "1" }).WEB_CONCURRENCY).toBe(1);
  });

  it.each([
    ["0", "WEB_CONCURRENCY: must be a whole number from 1 to 64, or auto, e.g. WEB_CONCURRENCY=4 (got 0)"],
    ["65", "WEB_CONCURRENCY: must be at most 64, or auto for one process per core (got 65)"],
    ["two", 'WEB_CONCURRENCY: must be a whole number from 1 to 64, or auto for one process per core, e.g. WEB_CONCURRENCY=4 (got "two")'],
    ["1.5", "WEB_CONCURRENCY: must be a whole number from 1 to 64"],
  ])("refuses WEB_CONCURRENCY=%s, saying what would do", (value, message) => {
    const problems = problemsOf({ ...postgres, WEB_CONCURRENCY: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(message);
  });

  it("needs PostgreSQL for more than one process: the embedded SQLite file takes one", () => {
    expect(problemsOf({ WEB_CONCURRENCY: "2" })).toEqual([
      "WEB_CONCURRENCY: asks for 2 processes, which need PostgreSQL: set DATABASE_URL (postgres://…), or unset WEB_CONCURRENCY to run one process on the embedded SQLite file",
    ]);
  });

  it("warns when the processes' connection pools could exhaust PostgreSQL's connections", () => {
    expect(configWarnings(parseConfig({ ...postgres, WEB_CONCURRENCY: "5", DATABASE_POOL_MAX: "10" })).join()).toMatch(
      /^10 processes \(WEB_CONCURRENCY, and a job process each unless JOB_PROCESS=false\) × DATABASE_POOL_MAX let this server alone open 100 PostgreSQL connections/,
    );
    expect(
      configWarnings(parseConfig({ ...postgres, WEB_CONCURRENCY: "10", DATABASE_POOL_MAX: "10", JOB_PROCESS: "false" })).join(),
    ).toMatch(/^10 processes .* open 100 PostgreSQL connections/);
    expect(configWarnings(parseConfig({ ...postgres, WEB_CONCURRENCY: "4" }))).toEqual([]);
  });
});

describe("JOB_PROCESS", () => {
  it("runs the jobs in a process of their own on PostgreSQL, and in the server's on SQLite, unless told", () => {
    expect(jobsInOwnProcess(parseConfig(postgres))).toBe(true);
    expect(jobsInOwnProcess(parseConfig({ ...postgres, JOB_PROCESS: "off" }))).toBe(false);
    expect(jobsInOwnProcess(parseConfig({}))).toBe(false);
    expect(jobsInOwnProcess(parseConfig({ JOB_PROCESS: "false" }))).toBe(false);
  });

  it("needs PostgreSQL for a job process, and says what it accepts", () => {
    expect(problemsOf({ JOB_PROCESS: "true" })).toEqual([
      "JOB_PROCESS: asks for a process of its own for the jobs, which needs PostgreSQL: set DATABASE_URL (postgres://…), or unset JOB_PROCESS to run the jobs in the server's process on the embedded SQLite file",
    ]);
    expect(problemsOf({ ...postgres, JOB_PROCESS: "maybe" })).toEqual([
      'JOB_PROCESS: must be true or false, e.g. JOB_PROCESS=false to run the jobs in the server\'s own process (got "maybe")',
    ]);
  });
});
