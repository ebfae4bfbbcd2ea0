import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { RUN_JOBS_MESSAGE, startJobProcess } from "./job-process-host.ts";

const folder = mkdtempSync(join(tmpdir(), "job-process-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A stand-in for ./job-process.ts that writes down each message it gets, and how it was stopped. */
function standIn(name: string, { onTerm = "process.exit(0)" } = {}) {
  const entry = join(folder, `${name}.mjs`);
  const journal = join(folder, `${name}.log`);
  writeFileSync(journal, "");
  writeFileSync(
    entry,
    `import { appendFileSync } from "node:fs";
     const note = (line) => appendFileSync(${JSON.stringify(journal)}, process.pid + " " + line + "\\n");
     note("started");
     process.on("message", (message) => note(message));
     process.on("SIGTERM", () => { note("SIGTERM"); ${onTerm}; });`,
  );
  const lines = () => readFileSync(journal, "utf8").trim().split("\n").filter(Boolean);
  return { entry, lines };
}

/**
 * Until `check` passes: a process writes its lines when it gets to them, later on a busy machine, so this waits
 * for them however long that is (the test's timeout is the only limit), not for a second that is enough on
 * a quiet machine only.
 */
async function eventually(check: () => void): Promise<void> {
  for (;;) {
    try {
      return check();
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

/** A log whose `deaths(n)` resolves once it has been told of the n-th death. */
function deathLog() {
  const waiting: { count: number; resolve: () => void }[] = [];
  const error = vi.fn((_fields: object, _message: string) => {
    for (const each of waiting) if (error.mock.calls.length >= each.count) each.resolve();
  });
  const deaths = (count: number) =>
    error.mock.calls.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ count, resolve }));
  return { log: { error }, deaths };
}

// Each test starts Node processes, which takes a second or more of a core when the machine is busy.
describe("a server's job process", { timeout: 20_000 }, () => {
  it("is woken with the run-jobs message, started again when it dies, and stopped with SIGTERM", async () => {
    const { entry, lines } = standIn("restarts");
    const { log, deaths } = deathLog();
    const jobs = startJobProcess({ entry, restartDelayMs: { first: 20, max: 20 }, log });
    const first = jobs.pid();
    await eventually(() => expect(lines()).toEqual([`${first} started`]));
    jobs.wake();
    await eventually(() => expect(lines()).toContain(`${first} ${RUN_JOBS_MESSAGE}`));

    process.kill(first as number, "SIGKILL");
    await deaths(1);
    await eventually(() => expect(jobs.pid()).toBeDefined());
    const second = jobs.pid();
    expect(second).not.toBe(first);
    await eventually(() => expect(lines()).toContain(`${second} started`));
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ pid: first, how: "SIGKILL", deaths: 1 }), expect.any(String));
    jobs.wake();
    await eventually(() => expect(lines()).toContain(`${second} ${RUN_JOBS_MESSAGE}`));

    await jobs.stop(5000);
    expect(lines().at(-1)).toBe(`${second} SIGTERM`);
    expect(jobs.pid()).toBeUndefined();
    expect(log.error).toHaveBeenCalledTimes(1); // a stop is no death: nothing restarts
  });

  it("is killed when it outlasts the grace period", async () => {
    const { entry, lines } = standIn("stubborn", { onTerm: "setInterval(() => {}, 1000)" });
    const jobs = startJobProcess({ entry, log: { error: vi.fn() } });
    await eventually(() => expect(lines()).toHaveLength(1));
    const started = performance.now();
    await jobs.stop(200);
    expect(lines().at(-1)).toMatch(/ SIGTERM$/);
    expect(performance.now() - started).toBeGreaterThanOrEqual(150);
  });

  it("waits a little longer before each restart while it keeps dying soon after starting", async () => {
    const { entry } = standIn("crashing");
    writeFileSync(entry, "process.exit(2);");
    const { log, deaths } = deathLog();
    const jobs = startJobProcess({ entry, restartDelayMs: { first: 10, max: 40 }, log });
    await deaths(4);
    await jobs.stop(1000);
    expect(log.error.mock.calls.slice(0, 4).map(([fields]) => (fields as { restartInMs: number }).restartInMs)).toEqual([10, 20, 40, 40]);
    expect(log.error.mock.calls[0]?.[0]).toMatchObject({ how: "exit code 2" });
  });
});
