import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { migrateToLatest } from "../server/db/database.ts";
import type { JobRunner } from "../server/jobs/runner.ts";
import { logger } from "../server/logger.ts";
import { createTestGateway } from "../server/payments/test-gateway.ts";
import { createTestDatabase, type TestDatabase } from "../tests/support/databases.ts";
import { createServiceHost, provideServices, type Running } from "./service-host.server";
import { servicesContext, servicesOf } from "./services.server";

let handle: TestDatabase;
beforeAll(async () => {
  handle = await createTestDatabase("sqlite");
  await migrateToLatest(handle.db, "sqlite");
});
afterAll(() => handle.cleanup());

/** What opening gives, with the job runner replaced by a spy; the database stays the test's. */
function running(db = handle.db) {
  const jobRunner = { stop: vi.fn(async () => {}), runOnce: vi.fn(async () => ({ ran: 0, failed: 0 })) } as unknown as JobRunner;
  // As openConfigured wires it: mails are jobs, so waking the mail runs the jobs due.
  const services = { db, consoleDb: db, gateway: createTestGateway({ db }), wakeMail: () => void jobRunner.runOnce() };
  return { services, jobRunner } satisfies Running;
}

const databaseDown = () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:5432"));

/** After every promise callback queued so far: `runJobsNow` calls once the opened services' promise has settled. */
const callbacksRun = () => new Promise((resolve) => setImmediate(resolve));

describe("the service host", () => {
  it("opens once per process, however many ask at once", async () => {
    const openAll = vi.fn(async () => running());
    const host = createServiceHost(openAll);
    const [first, second] = await Promise.all([host.open(), host.open()]);
    expect(first).toBe(second);
    expect(openAll).toHaveBeenCalledTimes(1);
  });

  it("rejects while the database is down, and tries again at the next call", async () => {
    const openAll = vi.fn<() => Promise<Running>>(databaseDown);
    const host = createServiceHost(openAll);
    await expect(host.open()).rejects.toThrow("ECONNREFUSED");
    await expect(host.checkReadiness()).rejects.toThrow("ECONNREFUSED");
    openAll.mockImplementation(async () => running());
    await expect(host.open()).resolves.toMatchObject({ db: handle.db });
    await expect(host.checkReadiness()).resolves.toBeUndefined();
  });

  it("is not ready while the database hangs", async () => {
    const host = createServiceHost(() => new Promise<never>(() => {}));
    await expect(host.checkReadiness(20)).rejects.toThrow("did not answer within 20 ms");
  });

  it("keeps trying to start until the database answers, saying so", async () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    let attempts = 0;
    let thirdAttempt = () => {};
    const third = new Promise<void>((resolve) => {
      thirdAttempt = resolve;
    });
    const opened = running();
    const host = createServiceHost(async () => {
      attempts++;
      if (attempts === 3) thirdAttempt();
      if (attempts < 3) throw new Error("not yet");
      return opened;
    });
    host.start(5);
    await third;
    await expect(host.open()).resolves.toBe(opened.services);
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it("wakes the job runner it started, for a mail or a job, and stops it", async () => {
    // Its own connection: stopping closes the database.
    const opened = running(handle.openAnother());
    const openAll = vi.fn(async () => opened);
    const host = createServiceHost(openAll);
    host.runJobsNow(); // nothing started yet: nothing to run
    const services = await host.open();
    services.wakeMail();
    host.runJobsNow();
    await callbacksRun();
    expect(opened.jobRunner.runOnce).toHaveBeenCalledTimes(2);

    await host.stop();
    expect(opened.jobRunner.stop).toHaveBeenCalled();
    openAll.mockImplementation(async () => running());
    await host.open();
    expect(openAll).toHaveBeenCalledTimes(2);
  });

  it("wakes the job process instead when the jobs run there", async () => {
    const wake = vi.fn();
    const services = { ...running().services, wakeMail: wake };
    const host = createServiceHost(async () => ({ services }));
    await host.open();
    host.runJobsNow();
    await callbacksRun();
    expect(wake).toHaveBeenCalledTimes(1);
    await host.stop();
  });
});

describe("the services in a request's context", () => {
  it("are set by the root's middleware", async () => {
    const context = new RouterContextProvider();
    const next = vi.fn(async () => new Response("page"));
    await provideServices({ context, request: new Request("http://shop.test/"), params: {}, unstable_pattern: "/" } as never, next);
    expect(next).toHaveBeenCalled();
    expect(context.get(servicesContext)).toBeTypeOf("function");
  });

  it("fail closed without it", () => {
    expect(() => servicesOf(new RouterContextProvider())).toThrow();
  });
});
