/**
 * The account's automatic-renewal pages on both databases: the dashboard says it renews, the owner stops it,
 * another address gets the same 404 as a number that does not exist, and a test card replaces the kept one.
 */
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCustomerSession } from "../../../server/db/customer-sessions.ts";
import { listOrderEvents } from "../../../server/db/order-events.ts";
import type { Order } from "../../../server/db/schema.ts";
import { findSubscriptionById, startSubscription } from "../../../server/db/subscriptions.ts";
import { testTargets } from "../../../tests/support/databases.ts";
import { createOrderTestBed, type OrderTestBed } from "../../../tests/support/orders.ts";
import { servicesContext } from "../../services.server";
import { loadAccessPage } from "../access/page.server";
import { loadDashboard } from "../dashboard/load.server";
import { ACCOUNT_COOKIE } from "../session.server";
import { cardPageAction, loadCardPage } from "./card-page.server";
import { loadStopPage, stopPageAction } from "./stop-page.server";

const NOW = new Date();
const inDays = (days: number) => new Date(NOW.getTime() + days * 86_400_000);

for (const target of testTargets) {
  describe.skipIf(!target.enabled)(`the account's automatic renewal on ${target.dialect}`, () => {
    let bed: OrderTestBed;
    let context: RouterContextProvider;
    beforeAll(async () => {
      bed = await createOrderTestBed(target.dialect);
      context = new RouterContextProvider();
      context.set(servicesContext, async () => bed.services);
    });
    afterAll(() => bed.handle.cleanup());

    const subscribed = async (email: string) => {
      const order = await bed.deliveredOrder({ email, renews_automatically: 1 } as Partial<Order>);
      const { subscription } = await startSubscription(bed.handle.db, {
        order,
        card: { brand: "visa", last4: "4242" },
        paymentMethod: "tcard_test",
        nextChargeAt: inDays(29),
      });
      return { order, subscription };
    };
    const signedIn = async (email: string, method = "GET", body?: URLSearchParams) => {
      const token = await createCustomerSession(bed.handle.db, { email, address: "203.0.113.9", timeZone: "Europe/Madrid" });
      return (path: string) => new Request(`http://shop.test${path}`, { method, body, headers: { cookie: `${ACCOUNT_COOKIE}=${token}` } });
    };
    const body = async (answer: unknown) => (answer as { data: unknown }).data;
    const status = (answer: unknown) => (answer as { init?: { status?: number } }).init?.status ?? 200;

    it("shows when the access renews, for how much, with the card", async () => {
      const { order } = await subscribed("renews@example.com");
      const dashboard = await loadDashboard(bed.services, { email: "renews@example.com", time_zone: "Europe/Madrid" }, "fr");
      const line = dashboard.accesses.find((access) => access.reference === order.reference);
      expect(line?.renewal).toMatchObject({
        kind: "active",
        card: { brand: "Visa", last4: "4242" },
        stopHref: expect.stringMatching(/^\/fr\/account\/stop-renewing\/\d+$/),
      });
      expect(line?.renewal).toMatchObject({ amount: expect.stringContaining("€") });
      // The access's own page says it too.
      const request = await signedIn("renews@example.com");
      const page = await loadAccessPage(context, request(`/fr/account/access/${order.reference}`), order.reference, "fr");
      expect(await body(page)).toMatchObject({ state: "found", renewal: { kind: "active" } });
    });

    it("stops it for its owner, once, and the access runs to its end", async () => {
      const { order, subscription } = await subscribed("owner@example.com");
      const request = await signedIn("owner@example.com");
      const asked = await loadStopPage(context, request(`/account/stop-renewing/${subscription.id}`), String(subscription.id), "en");
      expect(await body(asked)).toMatchObject({ state: "ask", subscription: { reference: order.reference } });

      const post = await signedIn("owner@example.com", "POST", new URLSearchParams({ intent: "stop" }));
      const done = await stopPageAction(context, post(`/account/stop-renewing/${subscription.id}`), String(subscription.id), "en");
      expect(await body(done)).toMatchObject({ state: "done" });
      expect((await findSubscriptionById(bed.handle.db, subscription.id))?.status).toBe("stopping");
      const events = await listOrderEvents(bed.handle.db, order.id);
      expect(events.filter((event) => event.type === "subscription-stopped")).toEqual([expect.objectContaining({ actor: "customer" })]);

      const again = await stopPageAction(context, post(`/account/stop-renewing/${subscription.id}`), String(subscription.id), "en");
      expect(await body(again)).toMatchObject({ state: "already" });
      const dashboard = await loadDashboard(bed.services, { email: "owner@example.com" }, "en");
      expect(dashboard.accesses.find((access) => access.reference === order.reference)?.renewal).toMatchObject({ kind: "stopping" });
    });

    it("answers another address 404, as for a number that does not exist, and changes nothing", async () => {
      const { subscription } = await subscribed("victim@example.com");
      const post = await signedIn("intruder@example.com", "POST", new URLSearchParams({ intent: "stop" }));
      const refused = await stopPageAction(context, post(`/account/stop-renewing/${subscription.id}`), String(subscription.id), "en");
      expect(status(refused)).toBe(404);
      expect(await body(refused)).toEqual({ state: "not-found" });
      const unknown = await stopPageAction(context, post("/account/stop-renewing/999999"), "999999", "en");
      expect(await body(unknown)).toEqual({ state: "not-found" });
      const get = await signedIn("intruder@example.com");
      expect(status(await loadCardPage(context, get(`/account/card/${subscription.id}`), String(subscription.id), "en"))).toBe(404);
      expect((await findSubscriptionById(bed.handle.db, subscription.id))?.status).toBe("active");
    });

    it("sends a visitor without a session to sign in", async () => {
      const { subscription } = await subscribed("nobody@example.com");
      const request = new Request(`http://shop.test/account/stop-renewing/${subscription.id}`, { method: "POST" });
      const answer = (await stopPageAction(context, request, String(subscription.id), "es")) as Response;
      expect(answer.status).toBe(303);
      expect(answer.headers.get("location")).toBe("/es/account");
    });

    it("keeps another test card, and says what is wrong with a bad one, keeping what was typed", async () => {
      const { subscription } = await subscribed("card@example.com");
      const request = await signedIn("card@example.com", "POST");
      const path = `/account/card/${subscription.id}`;
      const bad = await cardPageAction(
        context,
        request(path),
        String(subscription.id),
        { cardNumber: "4242 4242 4242 4241", expiryDate: "12/30", cvv: "123" },
        "en",
      );
      expect(status(bad)).toBe(400);
      expect(await body(bad)).toMatchObject({
        state: "form",
        errors: { cardNumber: expect.any(String) },
        values: { cardNumber: "4242 4242 4242 4241", expiryDate: "12/30" },
      });
      const good = await cardPageAction(
        context,
        request(path),
        String(subscription.id),
        { cardNumber: "5555 5555 5555 4444", expiryDate: "12/30", cvv: "123" },
        "en",
      );
      expect(await body(good)).toMatchObject({
        state: "saved",
        subscription: { card: { brand: "Mastercard", last4: "4444" } },
        retrying: false,
      });
      expect(await findSubscriptionById(bed.handle.db, subscription.id)).toMatchObject({ card_brand: "mastercard", card_last4: "4444" });
    });
  });
}
