import { logger } from "../../server/logger.ts";
import type { StripeGateway } from "../../server/payments/stripe-gateway.ts";
import { applyStripeEvent } from "../checkout/stripe-events.server";
import { type Services, servicesOf } from "../services.server";
import type { Route } from "./+types/stripe-webhook";

const plain = (status: number, text: string) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/**
 * `POST /webhooks/stripe`: Stripe's signed events, the source of truth for payments. The body is read raw,
 * as the signature covers its exact bytes; a missing, wrong or stale signature (over five minutes) is a 400
 * and changes nothing. The request guard lets this path through without an Origin check (Stripe is another
 * site by definition) but still limits the body's size.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return plain(405, "Method Not Allowed");
  let services: Services;
  try {
    services = await servicesOf(context);
  } catch {
    // Stripe retries for three days: nothing is lost while the database is away.
    return plain(503, "Unavailable, try again later");
  }
  if (services.gateway.name !== "stripe") return plain(404, "Not Found");
  const gateway = services.gateway as StripeGateway;

  const body = await request.text();
  let event: Awaited<ReturnType<StripeGateway["verifyEvent"]>>;
  try {
    event = await gateway.verifyEvent(body, request.headers.get("stripe-signature"));
  } catch (error) {
    logger.warn({ reason: (error as Error).message }, "Refused a Stripe webhook with a bad signature");
    return plain(400, "Bad signature");
  }
  try {
    const result = await applyStripeEvent(services, event);
    return Response.json({ received: true, result }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    logger.error({ event: event.type, reason: (error as Error).message }, "A Stripe event could not be applied; Stripe will send it again");
    return plain(500, "Could not apply the event");
  }
}

/** A GET (someone opening the URL) gets a plain answer, not a page. */
export function loader() {
  return plain(405, "Method Not Allowed");
}
