/**
 * Automatic renewal on Stripe Billing (docs/payments.md, "Automatic renewal on Stripe Billing"): what a
 * subscription-mode Checkout Session says once paid, the subscription as the shop sees it, stopping its
 * renewals, and the customer portal where the card is changed.
 */
import type Stripe from "stripe";
import type { Language } from "../../common/languages";
import type { PaymentLookup, ProcessorSubscription } from "./gateway.ts";
import { cardOf, declineReason } from "./stripe-checkout.ts";
import { invoicePaymentIntent, invoicePaymentsExpansion } from "./stripe-invoices.ts";
import { stripeTaxOf } from "./stripe-tax.ts";

/**
 * What to expand on a subscription-mode session for its lookup: its subscription, and its first invoice
 * with the payments that name the PaymentIntent (the charge is one level too deep for one request).
 */
export const subscriptionSessionExpansions = ["subscription", `invoice.${invoicePaymentsExpansion}`];

const idOf = (value: string | { id: string } | null) => (value === null || typeof value === "string" ? value : value.id);

/**
 * The subscription as the shop needs it. Its period is on its items since API 2025-03-31 (one item here:
 * the plan). Stopped means it renews no more: `cancel_at_period_end`, or a `cancel_at` date set (Stripe's
 * customer portal may stop it that way).
 */
export function processorSubscription(subscription: Stripe.Subscription): ProcessorSubscription {
  const ends = subscription.items.data.map((item) => item.current_period_end);
  const live = subscription.status !== "canceled" && subscription.status !== "incomplete_expired";
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer),
    status: subscription.status,
    cancelAtPeriodEnd: subscription.cancel_at_period_end || (live && subscription.cancel_at !== null),
    currentPeriodEnd: ends.length > 0 ? new Date(Math.max(...ends) * 1000) : null,
    orderReference: subscription.metadata?.order_reference ?? null,
    accessReference: subscription.metadata?.access_reference ?? null,
  };
}

/**
 * What a subscription-mode session (retrieved with `subscriptionSessionExpansions`) says of the order's
 * payment: paid by its first invoice's PaymentIntent, which is what `refund` refunds. The PaymentIntent is
 * asked for with its charge, for the card and what was refunded of it.
 */
export async function subscriptionSessionOutcome(stripe: Stripe, session: Stripe.Checkout.Session): Promise<PaymentLookup> {
  if (session.status === "expired") return { status: "failed", reason: "abandoned" };
  if (session.status !== "complete") return { status: "pending" };
  const subscription =
    typeof session.subscription === "string" ? await stripe.subscriptions.retrieve(session.subscription) : session.subscription;
  let invoice = typeof session.invoice === "object" ? session.invoice : null;
  const invoiceId = idOf(session.invoice) ?? idOf(subscription?.latest_invoice ?? null);
  if (!invoice?.payments && invoiceId) invoice = await stripe.invoices.retrieve(invoiceId, { expand: [invoicePaymentsExpansion] });
  const intentId = invoice ? invoicePaymentIntent(invoice) : null;
  const intent = intentId ? await stripe.paymentIntents.retrieve(intentId, { expand: ["latest_charge"] }) : null;
  if (session.payment_status === "paid") {
    if (!intent || !subscription) {
      // Never guessed: reconciliation or the webhook's retry asks again.
      throw new Error(`Stripe answered the paid subscription session ${session.id} without its subscription or first payment`);
    }
    const charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
    return {
      status: "paid",
      gatewayReference: intent.id,
      card: cardOf(charge),
      refundedCents: charge?.amount_refunded ?? 0,
      tax: stripeTaxOf(session),
      subscription: processorSubscription(subscription),
    };
  }
  // Complete but unpaid: a bank debit on its way, or a first payment that failed for good.
  if (intent && (intent.status === "requires_payment_method" || intent.status === "canceled")) {
    const error = intent.last_payment_error;
    return { status: "failed", reason: declineReason(error?.decline_code ?? error?.code), gatewayReference: intent.id };
  }
  if (subscription?.status === "incomplete_expired") return { status: "failed", reason: "declined", gatewayReference: intent?.id };
  return { status: "pending" };
}

/** The gateway's subscription members, on Stripe's API. */
export function stripeSubscriptions(stripe: Stripe) {
  return {
    async subscription(subscriptionId: string): Promise<ProcessorSubscription> {
      return processorSubscription(await stripe.subscriptions.retrieve(subscriptionId));
    },

    /**
     * Cancels at the period's end. Idempotent: a subscription already stopped, or ended, is answered as it is
     * (Stripe refuses to change a cancelled one), so a double click or a retried job does nothing more.
     */
    async stopRenewing(subscriptionId: string): Promise<ProcessorSubscription> {
      const current = processorSubscription(await stripe.subscriptions.retrieve(subscriptionId));
      if (current.cancelAtPeriodEnd || current.status === "canceled" || current.status === "incomplete_expired") return current;
      return processorSubscription(await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }));
    },

    /** A customer-portal session (Settings → Billing → Customer portal must be saved once in the Dashboard). */
    async cardUpdatePage(customerId: string, returnUrl: string, language: Language): Promise<string> {
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl, locale: language });
      return session.url;
    },
  };
}
