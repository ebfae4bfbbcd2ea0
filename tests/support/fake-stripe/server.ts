import http from "node:http";
import type { AddressInfo } from "node:net";
import { handleApi } from "./api.ts";
import type { Billing } from "./billing.ts";
import { handleBillingPage } from "./billing-pages.ts";
import type { Customer, Invoice, Subscription } from "./billing-types.ts";
import { handleControl } from "./control.ts";
import { handleHostedPage } from "./hosted-page.ts";
import { sendJson } from "./http.ts";
import { IdempotencyKeys } from "./idempotency.ts";
import { Ledger } from "./ledger.ts";
import { routes } from "./routes.ts";
import type {
  Charge,
  CheckoutSession,
  Dispute,
  EventObject,
  EventType,
  PaymentIntent,
  RecordedEvent,
  RecordedRequest,
  Refund,
} from "./types.ts";
import { WebhookSender } from "./webhooks.ts";

export type { Customer, Invoice, InvoicePayment, PortalSession, Subscription } from "./billing-types.ts";
export type {
  Charge,
  CheckoutSession,
  Delivery,
  Dispute,
  EventObject,
  EventType,
  FakeEvent,
  PaymentIntent,
  RecordedEvent,
  RecordedRequest,
  Refund,
} from "./types.ts";

export interface FakeStripeOptions {
  /** 0 (the default) for any free port. */
  port?: number;
  /** Where to listen; by default every address, so `localhost` answers whether it resolves to IPv4 or IPv6. */
  host?: string;
  /** Our webhook endpoint; without it events are only recorded. */
  webhookUrl?: string;
  webhookSecret: string;
  /** The one secret key accepted; by default any `sk_test_…` key. */
  secretKey?: string;
}

export interface FakeStripe {
  /** http://localhost:PORT, to give the SDK as host, port and protocol. */
  url: string;
  port: number;
  close(): Promise<void>;
  sessions: Map<string, CheckoutSession>;
  paymentIntents: Map<string, PaymentIntent>;
  charges: Map<string, Charge>;
  refunds: Map<string, Refund>;
  disputes: Map<string, Dispute>;
  customers: Map<string, Customer>;
  subscriptions: Map<string, Subscription>;
  invoices: Map<string, Invoice>;
  /** Every API request, answered or refused. */
  requests: RecordedRequest[];
  /** Every event made, delivered or not. */
  events: RecordedEvent[];
  /** Held: events are made and recorded but not sent, as when our server is down. */
  setWebhooksHeld(held: boolean): void;
  /** Sends a recorded event (again), freshly signed; answers our endpoint's HTTP status, 0 when unreachable. */
  deliver(eventId: string): Promise<number>;
  /** As the payment page does: by card (paid) or by a bank debit that settles later; `country` is the billing address's. */
  completeSession(id: string, how: "card" | "delayed", country?: string): Promise<CheckoutSession>;
  /** The bank's answer to a delayed payment. */
  settleDelayed(id: string, outcome: "succeeded" | "failed"): Promise<CheckoutSession>;
  /** As the expire endpoint does, or as Stripe does at `expires_at`. */
  expireSession(id: string): Promise<CheckoutSession>;
  /** A refund made in Stripe's dashboard, not through our API calls: all that is left unless `amount` says less. */
  refundFromDashboard(paymentIntentId: string, amount?: number): Promise<Refund>;
  /** The cardholder disputes the payment with their bank: `charge.dispute.created`. */
  disputeFromBank(paymentIntentId: string): Promise<Dispute>;
  /**
   * Signs and sends an event the account never made, with the object as given (nothing in the account
   * changes): what another integration on the same account, or whoever holds the endpoint's secret, could
   * send. For the tests of what our server believes of an event.
   */
  forgeEvent(type: EventType, object: EventObject): Promise<RecordedEvent>;
  /**
   * As a test clock reaching the end of the subscription's period: the next invoice (`subscription_cycle`)
   * is paid (`customer.subscription.updated`, then `invoice.paid`) or declined (`past_due`, then
   * `invoice.payment_failed` with a retry date); one set to cancel at the period's end ends instead
   * (`customer.subscription.deleted`). The period moves on either way, as on Stripe.
   */
  advanceSubscription(id: string, outcome: "succeeded" | "failed"): ReturnType<Billing["advance"]>;
  /** The customer pays an open invoice on its hosted page: `invoice.paid`, then the subscription is active again. */
  payOpenInvoice(invoiceId: string): Promise<Invoice>;
}

/** Starts a local stand-in for Stripe: its API (the endpoints our checkout uses), its payment page and its webhooks. */
export async function startFakeStripe(options: FakeStripeOptions): Promise<FakeStripe> {
  const webhooks = new WebhookSender(options.webhookUrl, options.webhookSecret);
  let url = "";
  const ledger = new Ledger(webhooks, () => url);
  const requests: RecordedRequest[] = [];
  const api = { routes: routes(ledger, webhooks), keys: new IdempotencyKeys(), requests, secretKey: options.secretKey };

  const server = http.createServer((request, response) => {
    // A path such as `//x` must stay a path, not become a host.
    const target = new URL(`http://localhost${request.url ?? "/"}`);
    const path = target.pathname;
    const handled =
      path === "/healthz"
        ? Promise.resolve(sendJson(response, 200, { ok: true }))
        : path.startsWith("/v1/")
          ? handleApi(request, response, target, api)
          : path.startsWith("/pay/")
            ? handleHostedPage(request, response, target, ledger)
            : path.startsWith("/invoice/") || path.startsWith("/billing/")
              ? handleBillingPage(request, response, target, ledger.billing)
              : path.startsWith("/_control/")
                ? handleControl(request, response, target, { ledger, webhooks, requests })
                : Promise.resolve(
                    sendJson(response, 404, {
                      error: { type: "invalid_request_error", message: `Unrecognized request URL (${request.method}: ${path}).` },
                    }),
                  );
    handled.catch((error: Error) => {
      if (response.headersSent) response.destroy(error);
      else sendJson(response, 500, { error: { type: "api_error", message: error.message } });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host, resolve);
  });
  const port = (server.address() as AddressInfo).port;
  url = `http://localhost:${port}`;

  return {
    url,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // The SDK keeps its connections alive; they would hold the server open.
        server.closeAllConnections();
      }),
    sessions: ledger.sessions,
    paymentIntents: ledger.paymentIntents,
    charges: ledger.charges,
    refunds: ledger.refunds,
    disputes: ledger.disputes,
    customers: ledger.billing.customers,
    subscriptions: ledger.billing.subscriptions,
    invoices: ledger.billing.invoices,
    requests,
    events: webhooks.events,
    setWebhooksHeld: (held) => {
      webhooks.held = held;
    },
    deliver: (eventId) => webhooks.deliver(eventId),
    completeSession: (id, how, country) => ledger.complete(id, how, undefined, country),
    settleDelayed: (id, outcome) => ledger.settle(id, outcome),
    expireSession: (id) => ledger.expire(id),
    refundFromDashboard: (paymentIntentId, amount) => ledger.refund({ paymentIntent: paymentIntentId, amount }),
    disputeFromBank: (paymentIntentId) => ledger.openDispute(paymentIntentId),
    forgeEvent: (type, object) => webhooks.emit(type, object),
    advanceSubscription: (id, outcome) => ledger.billing.advance(id, outcome),
    payOpenInvoice: (invoiceId) => ledger.billing.payOpenInvoice(invoiceId),
  };
}
