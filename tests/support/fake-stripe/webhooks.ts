import http from "node:http";
import https from "node:https";
import Stripe from "stripe";
import { newId, unixNow } from "./objects.ts";
import type { Delivery, EventObject, EventRequest, EventType, FakeEvent, RecordedEvent } from "./types.ts";

const deliveryTimeoutMs = 10_000;

// Only its test helper is used, which signs locally: the key is never sent anywhere.
const signer = new Stripe("sk_test_x");

/**
 * Makes events and sends them to our webhook endpoint the way Stripe does: a snapshot of the object when
 * it changed, signed anew at each delivery. Sending is awaited by whatever caused the event, so a test
 * knows our server has handled it when the call returns.
 */
export class WebhookSender {
  readonly events: RecordedEvent[] = [];
  held = false;
  readonly url: string | undefined;
  private readonly secret: string;

  constructor(url: string | undefined, secret: string) {
    this.url = url;
    this.secret = secret;
  }

  async emit(
    type: EventType,
    object: EventObject,
    request: EventRequest = { id: null, idempotency_key: null },
    previousAttributes?: Record<string, unknown>,
  ) {
    const event: FakeEvent = {
      id: newId("evt_"),
      object: "event",
      api_version: Stripe.API_VERSION,
      created: unixNow(),
      data: { object: structuredClone(object), ...(previousAttributes && { previous_attributes: structuredClone(previousAttributes) }) },
      livemode: false,
      pending_webhooks: 1,
      request,
      type,
    };
    // Stripe sends its events indented by two spaces; the signature covers these exact bytes.
    const recorded: RecordedEvent = { event, payload: JSON.stringify(event, null, 2), deliveries: [] };
    this.events.push(recorded);
    if (!this.held && this.url) await this.send(recorded, this.url);
    return recorded;
  }

  /** Sends a recorded event again, as Stripe's retries and the dashboard's "Resend" do: same body, fresh signature. */
  async deliver(eventId: string): Promise<number> {
    const recorded = this.events.find((candidate) => candidate.event.id === eventId);
    if (!recorded) throw new Error(`No such event: '${eventId}'`);
    if (!this.url) throw new Error("No webhook URL was configured, so there is nowhere to deliver events to.");
    return (await this.send(recorded, this.url)).status;
  }

  private async send(recorded: RecordedEvent, url: string): Promise<Delivery> {
    const signature = signer.webhooks.generateTestHeaderString({ payload: recorded.payload, secret: this.secret });
    const headers = {
      "Content-Type": "application/json; charset=utf-8",
      "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
      Accept: "*/*; q=0.5, application/xml",
      "Cache-Control": "no-cache",
      "Stripe-Signature": signature,
    };
    const at = new Date().toISOString();
    const delivery: Delivery = await post(url, recorded.payload, headers).then(
      (status) => ({ status, at }),
      (error: Error) => ({ status: 0, at, error: error.message }),
    );
    recorded.deliveries.push(delivery);
    return delivery;
  }
}

function post(url: string, body: string, headers: Record<string, string>): Promise<number> {
  const target = new URL(url);
  const client = target.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      target,
      { method: "POST", headers: { ...headers, "Content-Length": Buffer.byteLength(body) } },
      (response) => {
        // The body is not looked at, but must be read for the socket to be freed.
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.on("error", reject);
      },
    );
    const timer = setTimeout(() => request.destroy(new Error(`No answer within ${deliveryTimeoutMs / 1000} seconds`)), deliveryTimeoutMs);
    request.on("close", () => clearTimeout(timer));
    request.on("error", reject);
    request.end(body);
  });
}
