/**
 * Drives Stripe Billing on the local Stripe for app-level tests of automatic renewal: a subscription bought
 * on the payment page, renewed, declined, paid later, stopped or ended, and its events replayed or delivered
 * out of order. Pair it with `startStripeTestBed` (tests/support/stripe.ts), whose local Stripe posts its
 * events to our webhook handling; each call returns once those events have been answered.
 */
import Stripe from "stripe";
import { fulfilOrder } from "../../app/access/deliver.server";
import type { Order } from "../../server/db/schema.ts";
import type { FakeStripe, Invoice, RecordedEvent, Subscription } from "./fake-stripe/server.ts";
import type { StripeTestBed } from "./stripe.ts";

export interface BoughtSubscription {
  subscriptionId: string;
  customerId: string;
  /** The first invoice (`subscription_create`) and the PaymentIntent that paid it: the order's `gateway_reference`. */
  invoiceId: string;
  paymentIntentId: string;
}

export interface Renewal {
  invoice: Invoice;
  /** The PaymentIntent of the renewal's invoice (paid, or declined and waiting). */
  paymentIntentId: string;
  subscription: Subscription;
}

const dateOf = (seconds: number) => new Date(seconds * 1000);

export function stripeBilling(fake: FakeStripe) {
  // The API, as the Dashboard or the customer portal would use it: changes made outside the shop.
  const stripe = new Stripe("sk_test_billing_driver", { host: "localhost", port: fake.port, protocol: "http" });
  const intentOf = async (invoiceId: string) => {
    const invoice = await stripe.invoices.retrieve(invoiceId, { expand: ["payments"] });
    return invoice.payments!.data[0]!.payment.payment_intent as string;
  };
  const renewal = async ({ invoice, subscription }: { invoice: Invoice | null; subscription: Subscription }): Promise<Renewal> => {
    if (!invoice) throw new Error(`Subscription ${subscription.id} ended instead of renewing (it was stopped)`);
    return { invoice, subscription, paymentIntentId: await intentOf(invoice.id) };
  };

  return {
    /** Pays a subscription-mode session by card on the payment page: `customer.subscription.created`, `invoice.paid`, `checkout.session.completed`. */
    async subscribe(sessionId: string, country?: string): Promise<BoughtSubscription> {
      const session = await fake.completeSession(sessionId, "card", country);
      const invoiceId = session.invoice as string;
      return {
        subscriptionId: session.subscription as string,
        customerId: session.customer as string,
        invoiceId,
        paymentIntentId: await intentOf(invoiceId),
      };
    },

    /** The period ends and its renewal is paid: `customer.subscription.updated`, then `invoice.paid` (`subscription_cycle`). */
    renew: async (subscriptionId: string) => renewal(await fake.advanceSubscription(subscriptionId, "succeeded")),

    /** The period ends and the card is declined: `customer.subscription.updated` (`past_due`), then `invoice.payment_failed`. */
    failRenewal: async (subscriptionId: string) => renewal(await fake.advanceSubscription(subscriptionId, "failed")),

    /** The customer pays the declined invoice on its hosted page: `invoice.paid`, then `customer.subscription.updated` (active). */
    payLater: (invoiceId: string) => fake.payOpenInvoice(invoiceId),

    /** Stopped from outside the shop (the customer portal, the Dashboard): `customer.subscription.updated`. */
    stopElsewhere: (subscriptionId: string) => stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }),

    /** Cancelled at once in the Dashboard: `customer.subscription.deleted`. */
    cancelNow: (subscriptionId: string) => stripe.subscriptions.cancel(subscriptionId),

    /** The period of a stopped subscription ends: `customer.subscription.deleted`, no invoice. */
    async endPeriod(subscriptionId: string): Promise<Subscription> {
      const { subscription, invoice } = await fake.advanceSubscription(subscriptionId, "succeeded");
      if (invoice) throw new Error(`Subscription ${subscriptionId} was not stopped: it renewed`);
      return subscription;
    },

    /** When the period paid for ends now, as the subscription says. */
    periodEnd: (subscriptionId: string) => dateOf(fake.subscriptions.get(subscriptionId)!.items.data[0]!.current_period_end),

    /** Every event about a subscription so far (its session's, invoices' and charges' too), oldest first. */
    eventsOf(subscriptionId: string): RecordedEvent[] {
      const subscription = fake.subscriptions.get(subscriptionId);
      const session = [...fake.sessions.values()].find((candidate) => candidate.subscription === subscriptionId);
      const invoices = new Set(
        [...fake.invoices.values()].filter((i) => i.parent.subscription_details.subscription === subscriptionId).map((i) => i.id),
      );
      return fake.events.filter(({ event }) => {
        const object = event.data.object;
        if (object.object === "invoice") return invoices.has(object.id);
        return object.id === subscriptionId || object.id === session?.id || (subscription && object.id === subscription.customer);
      });
    },

    /**
     * Runs `act` with the webhooks held (our server down), and gives the events it made, not yet delivered:
     * deliver them later with `deliver`, in any order.
     */
    async held(act: () => Promise<unknown>): Promise<RecordedEvent[]> {
      const from = fake.events.length;
      fake.setWebhooksHeld(true);
      try {
        await act();
      } finally {
        fake.setWebhooksHeld(false);
      }
      return fake.events.slice(from);
    },

    /** Delivers recorded events again (Stripe's retries, the Dashboard's "Resend"), in the order given; our endpoint's statuses. */
    async deliver(events: RecordedEvent[]): Promise<number[]> {
      const statuses: number[] = [];
      for (const { event } of events) statuses.push(await fake.deliver(event.id));
      return statuses;
    },
  };
}

export type StripeBilling = ReturnType<typeof stripeBilling>;

const accessDetails = { username: "u", password: "p", serverUrl: "https://tv.example", playlistUrl: "https://tv.example/list" };

/** A customer with automatic renewal: bought with the box ticked, paid on Stripe's page, then delivered as the console delivers. */
export async function deliveredSubscription(bed: StripeTestBed, billing: StripeBilling, accessKey: Buffer) {
  const { order, sessionId } = await bed.checkout({ renewAutomatically: true, plan: "advanced", viewers: 1 });
  const bought = await billing.subscribe(sessionId);
  const paid = (await bed.current(order)) as Order;
  if (paid.status !== "paid" || paid.gateway_reference !== bought.paymentIntentId)
    throw new Error(`The purchase was not paid: ${paid.status}`);
  const delivered = await fulfilOrder({ db: bed.db, wakeMail: () => {}, accessKey }, paid, accessDetails, "provisioning", new Date());
  if (!delivered) throw new Error("The purchase was not delivered");
  return { order: delivered, ...bought };
}
