import { detectCardBrand } from "../../common/card";
import { type Language, localizePath } from "../../common/languages";
import { site } from "../../content/site";
import { findAccessById } from "../../server/db/accesses.ts";
import { recordOrderEvent } from "../../server/db/order-events.ts";
import { setPaymentSession } from "../../server/db/payments.ts";
import { createOrder, findOrderById } from "../../server/db/repositories.ts";
import type { Order } from "../../server/db/schema.ts";
import type { CardGateway, FailureReason, HostedGateway, RecurringTerms } from "../../server/payments/gateway.ts";
import { findPlan, isViewerCount, planPrice } from "../content/plans";
import { translatorFor } from "../i18n/registry";
import { declines } from "../rate-limit.server";
import type { Services } from "../services.server";
import { persistently, recordPayment } from "./record-payment.server";
import type { CheckoutOrder, ContactDetails } from "./schema";
import { failOrder } from "./settle-order.server";

export type OrderOutcome =
  | { status: "paid"; reference: string; email: string; amountCents: number }
  | { status: "failed"; reference: string; reason: FailureReason }
  /** Charged or not, we cannot tell yet: the visitor is told the payment is being confirmed and a mail follows. */
  | { status: "pending"; reference: string; email: string }
  /** The visitor continues on another page: the processor's, or the bank's authentication step. */
  | { status: "redirect"; location: string }
  /** Too many declines from this address or e-mail: refused before the processor is asked. */
  | { status: "blocked" };

export interface PlaceOrderContext {
  language: Language;
  /** The visitor's address, for the decline limit. */
  address: string;
  /** This site's origin as the visitor reached it, for the processor's return links. */
  origin: string;
  /** The country of the visitor's address in the site's IP database (evidence for the invoice), when known. */
  ipCountry?: string | null;
  /** The access this order renews, from a renewal token the action checked; null for a new line. */
  renewsAccessId?: number | null;
}

const waitForOtherAttemptMs = 15_000;

/**
 * The order's row, from the validated form; only a card's brand and last four digits, never the number. The
 * visitor's address goes with it, so a decline the processor tells of later counts against it.
 */
function newOrder(
  order: ContactDetails,
  { language, address, ipCountry, renewsAccessId }: PlaceOrderContext,
  processor: string,
  card?: { number: string },
) {
  const plan = findPlan(order.plan);
  if (!plan || !isViewerCount(order.viewers)) throw new Error("placeOrder needs a validated order");
  const brand = card ? detectCardBrand(card.number) : null;
  if (card && !brand) throw new Error("placeOrder needs a card of a known brand");
  return {
    idempotency_key: order.idempotencyKey,
    plan_key: plan.key,
    viewers: order.viewers,
    amount_cents: planPrice(plan, order.viewers),
    currency: site.currency,
    language,
    first_name: order.firstName,
    last_name: order.lastName,
    email: order.email,
    phone: order.phone,
    country: order.country,
    city: order.city,
    postal_code: order.postalCode,
    address: order.address,
    card_brand: brand,
    card_last4: card ? card.number.slice(-4) : null,
    client_address: address,
    ip_country: ipCountry ?? null,
    payment_processor: processor,
    renews_access_id: renewsAccessId ?? null,
    renews_automatically: order.renewAutomatically ? 1 : 0,
  };
}

/**
 * Records the order, charges the card once, and settles the order as paid or failed, or sends the visitor to
 * confirm the payment with their bank. The same checkout submitted again (double click, reload, two servers)
 * finds the first order by its idempotency key and answers with its outcome: one order, one charge.
 */
export async function placeCardOrder(
  order: CheckoutOrder,
  { db, gateway, wakeMail }: Pick<Services, "db" | "wakeMail"> & { gateway: CardGateway },
  context: PlaceOrderContext,
): Promise<OrderOutcome> {
  if (await declines.isBlocked(db, { address: context.address, email: order.email })) return { status: "blocked" };
  const { order: stored, created } = await createOrder(db, newOrder(order, context, gateway.name, { number: order.cardNumber }));
  if (!created) return outcomeOfEarlierAttempt(stored, db, context.language);
  await recordCreated(db, stored);

  const result = await gateway.charge({
    reference: stored.reference,
    amountCents: stored.amount_cents,
    currency: stored.currency,
    card: { number: order.cardNumber, expiry: order.expiryDate, cvv: order.cvv, brand: detectCardBrand(order.cardNumber)! },
    saveCard: order.renewAutomatically,
  });
  if (result.status === "approved") {
    await recordPayment({ db, wakeMail }, stored, result.gatewayReference, { savedCard: result.savedCard });
    return { status: "paid", reference: stored.reference, email: stored.email, amountCents: stored.amount_cents };
  }
  if (result.status === "requiresAction") {
    const session = { sessionId: result.gatewayReference, gatewayReference: result.gatewayReference };
    await persistently(stored.reference, () => setPaymentSession(db, stored.id, session));
    await recordOrderEvent(db, { orderId: stored.id, type: "authentication-requested", actor: "processor" });
    return { status: "redirect", location: authenticationPath(result.gatewayReference, context.language) };
  }
  // Counts the decline too.
  await persistently(stored.reference, () => failOrder(db, stored, result.reason, result.gatewayReference));
  return { status: "failed", reference: stored.reference, reason: result.reason };
}

/**
 * Records the order as pending and sends the visitor to the processor's payment page. Sent again (a double
 * click, a reload, the visitor back from the page), the same form asks the processor again with the same
 * idempotency key and gets the same session: one order, one session, one payment.
 */
export async function placeHostedOrder(
  order: ContactDetails,
  { db, gateway }: { db: Services["db"]; gateway: HostedGateway },
  context: PlaceOrderContext,
): Promise<OrderOutcome> {
  if (await declines.isBlocked(db, { address: context.address, email: order.email })) return { status: "blocked" };
  const { order: stored, created } = await createOrder(db, newOrder(order, context, gateway.name));
  if (created) await recordCreated(db, stored);
  if (stored.status !== "pending") return settledOutcome(stored);

  const returnTo = (path: string) => new URL(localizePath(path, context.language), context.origin).href;
  const session = await gateway.createCheckout({
    reference: stored.reference,
    idempotencyKey: stored.idempotency_key,
    amountCents: stored.amount_cents,
    currency: stored.currency,
    itemName: itemName(stored, context.language),
    language: context.language,
    email: stored.email,
    returnPage: returnTo("/checkout/return"),
    cancelUrl: `${returnTo("/checkout")}?resume=${encodeURIComponent(stored.idempotency_key)}`,
    orderCreatedAt: new Date(stored.created_at),
    ...(stored.renews_automatically ? { recurring: await recurringTerms(db, stored) } : {}),
  });
  if (!stored.payment_session_id) {
    await persistently(stored.reference, () => setPaymentSession(db, stored.id, { sessionId: session.sessionId }));
    await recordOrderEvent(db, { orderId: stored.id, type: "checkout-opened", actor: "customer", details: { session: session.sessionId } });
  }
  return { status: "redirect", location: session.url };
}

/** A subscription's terms: the plan's period, and the access it renews (the order's own reference for a new line). */
async function recurringTerms(db: Services["db"], order: Order): Promise<RecurringTerms> {
  const access = order.renews_access_id === null ? undefined : await findAccessById(db, order.renews_access_id);
  return { months: findPlan(order.plan_key)?.months ?? 1, accessReference: access?.reference ?? order.reference };
}

/** The first line of the order's timeline. A failure to write it must not stop a payment. */
async function recordCreated(db: Services["db"], order: Order) {
  const details = { amountCents: order.amount_cents, currency: order.currency, plan: order.plan_key, viewers: order.viewers };
  await recordOrderEvent(db, { orderId: order.id, type: "created", actor: "customer", details }).catch(() => {});
}

/** The line on the processor's page and the customer's statement: plan, period and viewers, in their language. */
export function itemName(order: Pick<Order, "plan_key" | "viewers">, language: Language): string {
  const t = translatorFor(language).t;
  const plan = findPlan(order.plan_key);
  return t("checkout.itemName", {
    brand: site.brand.name,
    plan: plan?.name ?? order.plan_key,
    period: t("plans.period", { count: plan?.months ?? 1 }),
    viewers: t("plans.viewers", { count: order.viewers }),
  });
}

/** The test gateway's authentication step for a payment, in the visitor's language. */
export function authenticationPath(paymentId: string, language: Language): string {
  return `${localizePath("/checkout/authenticate", language)}?payment=${encodeURIComponent(paymentId)}`;
}

function settledOutcome(order: Order): OrderOutcome {
  if (order.status === "failed")
    return { status: "failed", reference: order.reference, reason: (order.failure_reason ?? "processingError") as FailureReason };
  if (order.status === "pending") return { status: "pending", reference: order.reference, email: order.email };
  return { status: "paid", reference: order.reference, email: order.email, amountCents: order.amount_cents };
}

/**
 * The first submission may still be charging: wait for it to settle rather than charge twice. If it has not
 * settled in 15 s (its server may have crashed between the charge and recording it), the visitor is told the
 * payment is being confirmed, never that it failed: it may have gone through, and reconciliation settles it
 * and mails them.
 */
async function outcomeOfEarlierAttempt(first: Order, db: Services["db"], language: Language): Promise<OrderOutcome> {
  const deadline = Date.now() + waitForOtherAttemptMs;
  // Looks often at first (a double click settles within a second), then less: after a crash hundreds of
  // retries can be waiting at once, and polling every 200 ms each would take the database pool from the
  // checkouts that can still go through (the reliability suite saw them answered 503).
  let pauseMs = 100;
  for (;;) {
    // A look that fails (a pool busy under a burst of checkouts) is simply made again at the next round.
    const order = await findOrderById(db, first.id).catch(() => null);
    if (order === undefined) throw new Error(`Order ${first.reference} vanished`);
    if (order && order.status !== "pending") return settledOutcome(order);
    // Waiting for the cardholder's bank: back to that step.
    if (order?.payment_session_id) return { status: "redirect", location: authenticationPath(order.payment_session_id, language) };
    if (Date.now() > deadline) return settledOutcome(order ?? first);
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
    pauseMs = Math.min(pauseMs * 2, 2_000);
  }
}
