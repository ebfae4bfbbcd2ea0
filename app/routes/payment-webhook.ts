import { logger } from "../../server/logger.ts";
import { type PaymentNotice, type SubscriptionNotice, WebhookSignatureError } from "../../server/payments/gateway.ts";
import { type Services, servicesOf } from "../services.server";
import { applyProcessorNotice } from "../subscriptions/processor-events.server";
import type { Route } from "./+types/payment-webhook";

const plain = (status: number, text: string) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
const received = (result: string) => Response.json({ received: true, result }, { headers: { "Cache-Control": "no-store" } });

/**
 * `POST /webhooks/<processor>`: the configured processor's signed events, the source of truth for payments,
 * at the path its gateway names (`webhookPath`); any other is a 404. The body is read raw, as the signature
 * covers its exact bytes; a missing, wrong or stale signature is a 400 and changes nothing. The request guard
 * lets that path through without an Origin check (the processor is another site by definition) but still
 * limits the body's size.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return plain(405, "Method Not Allowed");
  let services: Services;
  try {
    services = await servicesOf(context);
  } catch {
    // Processors send their events again for days: nothing is lost while the database is away.
    return plain(503, "Unavailable, try again later");
  }
  const { gateway } = services;
  if (!gateway.readWebhook || new URL(request.url).pathname !== gateway.webhookPath) return plain(404, "Not Found");

  const body = await request.text();
  let notice: PaymentNotice | SubscriptionNotice | null;
  try {
    notice = await gateway.readWebhook(body, request.headers);
  } catch (error) {
    if (!(error instanceof WebhookSignatureError)) {
      // Reading it needed the processor (an invoice's payment), which did not answer: it sends the event again.
      logger.warn(
        { processor: gateway.name, reason: (error as Error).message },
        "A payment webhook could not be read; it will be sent again",
      );
      return plain(503, "Unavailable, try again later");
    }
    logger.warn({ processor: gateway.name, reason: error.message }, "Refused a payment webhook with a bad signature");
    return plain(400, "Bad signature");
  }
  if (!notice) return received("ignored");
  try {
    return received(await applyProcessorNotice(services, notice));
  } catch (error) {
    const reason = (error as Error).message;
    logger.error({ processor: gateway.name, event: notice.type, reason }, "A payment event could not be applied; it will be sent again");
    return plain(500, "Could not apply the event");
  }
}

/** A GET (someone opening the URL) gets a plain answer, not a page. */
export function loader() {
  return plain(405, "Method Not Allowed");
}
