import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { findInvoiceOfOrder } from "../../server/db/invoices.ts";
import { listOrderEvents } from "../../server/db/order-events.ts";
import { findOrderById } from "../../server/db/repositories.ts";
import type { Order } from "../../server/db/schema.ts";
import { JOB_KINDS } from "../../server/jobs/enqueue.ts";
import { logger } from "../../server/logger.ts";
import { createOrderTestBed, type OrderTestBed } from "../../tests/support/orders";
import { schedulePaidOrderJobs } from "../access/schedule.server";
import { recordPayment } from "./record-payment.server";

vi.mock("../access/schedule.server", async (original) => {
  const actual = await original<typeof import("../access/schedule.server")>();
  return { ...actual, schedulePaidOrderJobs: vi.fn(actual.schedulePaidOrderJobs) };
});

/**
 * On SQLite only: the fallback is reached after eight seconds of retries, run here on fake timers, which only
 * a database answering within the process (no socket) lets the retries see through.
 */
describe("recording a payment", () => {
  let bed: OrderTestBed;
  beforeAll(async () => {
    bed = await createOrderTestBed("sqlite");
  });
  afterAll(() => bed.handle.cleanup());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.mocked(schedulePaidOrderJobs).mockReset();
  });

  /** What a payment left behind: the order's state, its timeline, its invoice, its mails and its alert job. */
  const traces = async (order: Order) => ({
    status: (await findOrderById(bed.handle.db, order.id))?.status,
    events: (await listOrderEvents(bed.handle.db, order.id)).map((event) => event.type),
    invoiced: (await findInvoiceOfOrder(bed.handle.db, order.id)) !== undefined,
    mails: (await bed.handle.db.selectFrom("mails").select("kind").where("order_id", "=", order.id).execute()).map((mail) => mail.kind),
    alerts: (
      await bed.handle.db
        .selectFrom("jobs")
        .select("id")
        .where("kind", "=", JOB_KINDS.deliveryAlert)
        .where("unique_key", "=", `alert:${order.id}`)
        .execute()
    ).length,
  });

  it("takes every step with the payment, in one transaction", async () => {
    const order = await bed.pendingOrder();
    await recordPayment(bed.services, order, await bed.chargeOnly(order));
    expect(await traces(order)).toEqual({ status: "paid", events: ["paid"], invoiced: true, mails: ["order-confirmation"], alerts: 1 });
  });

  it("when the transaction keeps failing, records the payment and still takes every other step, one by one", async () => {
    const order = await bed.pendingOrder();
    const reference = await bed.chargeOnly(order);
    vi.mocked(schedulePaidOrderJobs).mockRejectedValue(new Error("the jobs table is away"));
    vi.spyOn(logger, "warn").mockReturnValue(undefined);
    const logged = vi.spyOn(logger, "error").mockReturnValue(undefined);
    vi.useFakeTimers({ toFake: ["setTimeout", "Date"] });
    const recording = recordPayment(bed.services, order, reference);
    await vi.runAllTimersAsync();
    await recording;
    expect(await traces(order)).toEqual({ status: "paid", events: ["paid"], invoiced: true, mails: ["order-confirmation"], alerts: 0 });
    expect(logged.mock.calls.map(([, message]) => message)).toEqual([
      "An order's payment and mail could not be recorded together",
      "An order's delivery jobs could not be scheduled",
    ]);
  });
});
