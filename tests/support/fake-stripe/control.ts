import type { IncomingMessage, ServerResponse } from "node:http";
import { ApiError } from "./errors.ts";
import { readBody, sendJson } from "./http.ts";
import type { Ledger } from "./ledger.ts";
import type { EventObject, RecordedRequest } from "./types.ts";
import type { WebhookSender } from "./webhooks.ts";

export interface ControlOptions {
  ledger: Ledger;
  webhooks: WebhookSender;
  requests: RecordedRequest[];
}

class ControlError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

type Body = Record<string, unknown>;
type Handler = (body: Body, id: string) => unknown;

function oneOf<const V extends string>(body: Body, name: string, values: readonly V[]): V {
  const value = body[name];
  if (typeof value === "string" && (values as readonly string[]).includes(value)) return value as V;
  throw new ControlError(400, `"${name}" must be one of ${values.map((v) => JSON.stringify(v)).join(", ")}`);
}

/**
 * The test controls, for tests in another process than this server (Playwright): JSON in, JSON out. They do
 * what the visitor, the bank or the dashboard would do on Stripe, and show what was asked and sent.
 */
export async function handleControl(request: IncomingMessage, response: ServerResponse, url: URL, options: ControlOptions) {
  const { ledger, webhooks, requests } = options;
  const { billing } = ledger;
  const routes: Record<string, Handler> = {
    "POST /_control/webhooks": (body) => {
      if (typeof body.held !== "boolean") throw new ControlError(400, '"held" must be true or false');
      webhooks.held = body.held;
      return { held: webhooks.held };
    },
    "POST /_control/sessions/:id/complete": (body, id) => {
      if (body.country !== undefined && (typeof body.country !== "string" || !/^[A-Z]{2}$/.test(body.country)))
        throw new ControlError(400, '"country" must be an ISO 3166-1 alpha-2 code in capitals, e.g. "FR"');
      return ledger.complete(id, oneOf(body, "how", ["card", "delayed"]), undefined, body.country as string | undefined);
    },
    "POST /_control/sessions/:id/settle": (body, id) => ledger.settle(id, oneOf(body, "outcome", ["succeeded", "failed"])),
    "POST /_control/sessions/:id/expire": (_, id) => ledger.expire(id),
    "POST /_control/subscriptions/:id/advance": (body, id) => billing.advance(id, oneOf(body, "outcome", ["succeeded", "failed"])),
    "POST /_control/invoices/:id/pay": (_, id) => billing.payOpenInvoice(id),
    "POST /_control/events/:id/deliver": async (_, id) => {
      if (!webhooks.events.some((recorded) => recorded.event.id === id)) throw new ControlError(404, `No such event: '${id}'`);
      if (!webhooks.url)
        throw new ControlError(409, "No webhook URL was configured (FAKE_STRIPE_WEBHOOK_URL): there is nowhere to deliver to.");
      return { status: await webhooks.deliver(id) };
    },
    "POST /_control/refunds": (body) => {
      if (typeof body.payment_intent !== "string") throw new ControlError(400, '"payment_intent" must be a PaymentIntent id');
      if (body.amount !== undefined && !Number.isSafeInteger(body.amount)) throw new ControlError(400, '"amount" must be an integer');
      return ledger.refund({ paymentIntent: body.payment_intent, amount: body.amount as number | undefined });
    },
    "POST /_control/disputes": (body) => {
      if (typeof body.payment_intent !== "string") throw new ControlError(400, '"payment_intent" must be a PaymentIntent id');
      return ledger.openDispute(body.payment_intent);
    },
    "GET /_control/events": () =>
      webhooks.events.map(({ event, deliveries }) => {
        const { session, subscription } = subjectOf(ledger, event.data.object);
        return { id: event.id, type: event.type, created: event.created, object: event.data.object.id, session, subscription, deliveries };
      }),
    "GET /_control/events/:id": (_, id) => webhooks.events.find((recorded) => recorded.event.id === id) ?? notFound("event", id),
    "GET /_control/requests": () => requests,
    "GET /_control/sessions": () => [...ledger.sessions.values()],
    "GET /_control/sessions/:id": (_, id) => ledger.sessions.get(id) ?? notFound("Checkout Session", id),
    "GET /_control/subscriptions": () => [...billing.subscriptions.values()],
    "GET /_control/subscriptions/:id": (_, id) => billing.subscriptions.get(id) ?? notFound("subscription", id),
    "GET /_control/invoices/:id": (_, id) => billing.invoices.get(id) ?? notFound("invoice", id),
  };

  const segments = url.pathname.split("/");
  const id = segments[3] ?? "";
  const handler =
    routes[`${request.method} ${url.pathname}`] ??
    (segments.length > 3 ? routes[`${request.method} ${segments.with(3, ":id").join("/")}`] : undefined);
  try {
    if (!handler) throw new ControlError(404, `No control at ${request.method} ${url.pathname}`);
    const text = request.method === "POST" ? await readBody(request) : "";
    let body: unknown = {};
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      throw new ControlError(400, "The body must be JSON");
    }
    if (typeof body !== "object" || body === null || Array.isArray(body)) throw new ControlError(400, "The body must be a JSON object");
    sendJson(response, 200, await handler(body as Body, id));
  } catch (error) {
    if (error instanceof ControlError) return sendJson(response, error.status, { error: { message: error.message } });
    if (error instanceof ApiError) return sendJson(response, error.status, error.body());
    sendJson(response, 500, { error: { message: (error as Error).message } });
  }
}

/** The session and the subscription an event's object belongs to, for listing events by either. */
function subjectOf(ledger: Ledger, object: EventObject): { session: string | null; subscription: string | null } {
  const { billing } = ledger;
  const intent = "payment_intent" in object && typeof object.payment_intent === "string" ? object.payment_intent : null;
  const invoice = intent
    ? billing.invoices.get(billing.invoiceOfIntent.get(intent) ?? "")
    : object.object === "invoice"
      ? object
      : undefined;
  const subscription =
    object.object === "subscription"
      ? object.id
      : object.object === "checkout.session"
        ? (object.subscription as string | null)
        : (invoice?.parent.subscription_details.subscription ?? null);
  const session =
    object.object === "checkout.session"
      ? object.id
      : ((subscription && billing.sessionOfSubscription.get(subscription)) ?? (intent && ledger.sessionOfIntent.get(intent)) ?? null);
  return { session, subscription };
}

function notFound(kind: string, id: string): never {
  throw new ControlError(404, `No such ${kind}: '${id}'`);
}
