/**
 * While the database is away, what needs it answers "try again later" (503) with what the visitor typed,
 * and the next request tries again: the services in a request's context reject, and each caller says so.
 */
import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { logger } from "../server/logger.ts";
import { requireOperator } from "./admin/auth.server";
import { checkoutAction } from "./checkout/checkout-action.server";
import { action as contact } from "./routes/contact";
import { action as newsletter } from "./routes/newsletter";
import { action as paymentWebhook } from "./routes/payment-webhook";
import { servicesContext } from "./services.server";

function withDatabaseDown() {
  const context = new RouterContextProvider();
  const open = vi.fn(() => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:5432")));
  context.set(servicesContext, open);
  return { context, open };
}

const post = (path: string, fields: Record<string, string>) =>
  new Request(`http://shop.test${path}`, { method: "POST", body: new URLSearchParams(fields) });

/** What an action's `data(…)` carries. */
const answered = (result: unknown) => result as { data: Record<string, unknown>; init: { status: number } };

describe("with the database down", () => {
  vi.spyOn(logger, "error").mockImplementation(() => undefined);
  const fields = { name: "Ana", email: "ana@example.com", subject: "billing", message: "Hello" };

  it("the contact form answers 503 and keeps the message", async () => {
    const { context, open } = withDatabaseDown();
    const result = answered(await contact({ request: post("/contact", fields), context, params: {} } as never));
    expect(result.init.status).toBe(503);
    expect(result.data).toMatchObject({ state: "unavailable", values: fields });
    expect(open).toHaveBeenCalledTimes(1);
  });

  it("the newsletter answers 503", async () => {
    const { context } = withDatabaseDown();
    const result = answered(await newsletter({ request: post("/newsletter", { email: "ana@example.com" }), context, params: {} } as never));
    expect(result.init.status).toBe(503);
    expect(result.data).toEqual({ state: "unavailable" });
  });

  it("the checkout answers 503, keeps the form and the one-time key", async () => {
    const { context, open } = withDatabaseDown();
    const idempotencyKey = "0b6f0a39-5a4e-4c4e-9d55-3d1c7f0e2a11";
    const request = post("/checkout", { ...fields, firstName: "Ana", idempotencyKey, cvv: "123" });
    const result = answered(await checkoutAction(request, () => context.get(servicesContext)()));
    expect(result.init.status).toBe(503);
    expect(result.data).toMatchObject({ state: "unavailable", idempotencyKey, values: { firstName: "Ana", email: "ana@example.com" } });
    expect(result.data.values).not.toHaveProperty("cvv");
    expect(open).toHaveBeenCalledTimes(1);
  });

  it("the console's gate answers 503, saying why", async () => {
    const { context } = withDatabaseDown();
    const request = new Request("http://shop.test/admin/orders", { headers: { Cookie: "admin_session=abc" } });
    const thrown = await Promise.resolve(requireOperator({ request, context, params: {} } as never, async () => new Response())).catch(
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(503);
    expect(await (thrown as Response).text()).toMatch(/not reachable/);
  });

  it("the processor's webhook answers 503, so it sends the event again", async () => {
    const { context } = withDatabaseDown();
    const response = (await paymentWebhook({ request: post("/webhooks/stripe", {}), context, params: {} } as never)) as Response;
    expect(response.status).toBe(503);
  });
});
