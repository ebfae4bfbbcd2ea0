import { randomUUID } from "node:crypto";
import type { Database } from "../db/database.ts";
import type { TestGatewayPayment } from "../db/schema.ts";
import type {
  CardGateway,
  ChargeRequest,
  ChargeResult,
  DeclineReason,
  GatewayTraits,
  PaymentGateway,
  PaymentLookup,
  PaymentRecord,
  RefundResult,
  SavedCard,
  SavedCardChargeRequest,
} from "./gateway.ts";

type TestOutcome = DeclineReason | "approved" | "authenticationRequired";

/**
 * The card numbers with a set outcome, as card processors publish them for testing. Any other valid card
 * is approved. 4000 0027 6000 3184 asks for authentication (3-D Secure), as Stripe's test card of that number does.
 */
export const testCards: Record<string, TestOutcome> = {
  "4242424242424242": "approved",
  "5555555555554444": "approved",
  "378282246310005": "approved",
  "4000000000000002": "declined",
  "4000000000009995": "insufficientFunds",
  "4000000000000069": "expiredCard",
  "4000000000000127": "incorrectCvv",
  "4000000000000119": "processingError",
  "4000002760003184": "authenticationRequired",
};

/**
 * Cards that are kept, and then answer every later charge so (Stripe's 4000 0000 0000 0341: "attaching this
 * card succeeds, but attempts to charge the customer fail"). The test gateway lets the purchase that keeps it
 * through, so that a renewal's refusal can be tried from a checkout (docs/decisions/0025).
 */
export const laterDeclines: Record<string, DeclineReason> = {
  "4000000000000341": "declined",
};

/** The test gateway, with the step a real processor's 3-D Secure page takes: the cardholder approves or not. */
export interface TestGateway extends CardGateway {
  readonly name: "test";
  /** A payment waiting for authentication, or undefined. */
  pendingAuthentication(paymentId: string): Promise<TestGatewayPayment | undefined>;
  /** The cardholder's answer; the payment succeeds or fails. Answers once: undefined when it was not waiting. */
  authenticate(paymentId: string, approved: boolean): Promise<TestGatewayPayment | undefined>;
}

/** The checkout takes the card itself and no event is ever posted: the gateway answers every question. */
export const testGatewayTraits: GatewayTraits = {
  name: "test",
  testMode: true,
  displayName: "test",
  checkoutOrigin: null,
  webhookPath: null,
};

/** Whether the configured gateway is this one, with the authentication step only it has. */
export function isTestGateway(gateway: PaymentGateway): gateway is TestGateway {
  return gateway.name === testGatewayTraits.name && "authenticate" in gateway;
}

/** Its authentication step sends the cardholder back naming the payment, as Stripe names its session. */
const paymentParameter = "session_id";

/**
 * A gateway that moves no money: the test numbers decide the outcome, after a short, realistic pause. It keeps
 * its records in the database, as a processor keeps its own, so that any server can answer reconciliation
 * (an order left pending by a crash), authentication and refunds.
 */
export function createTestGateway({ db, delayMs = 400 }: { db: Database; delayMs?: number }): TestGateway {
  const payments = () => db.selectFrom("test_gateway_payments").selectAll();
  const keepCard = async (request: Pick<ChargeRequest, "card">): Promise<SavedCard> => {
    const at = new Date().toISOString();
    const card = {
      id: `tcard_${randomUUID()}`,
      brand: request.card.brand,
      last4: request.card.number.slice(-4),
      outcome: laterDeclines[request.card.number] ?? "approved",
      created_at: at,
      updated_at: at,
    };
    await db.insertInto("test_gateway_cards").values(card).execute();
    return { id: card.id, brand: card.brand, last4: card.last4 };
  };
  const record = async (request: Omit<ChargeRequest, "card">, outcome: TestOutcome, savedCardId: string | null = null) => {
    const at = new Date().toISOString();
    const status = outcome === "approved" ? "succeeded" : outcome === "authenticationRequired" ? "requires_action" : "failed";
    return db
      .insertInto("test_gateway_payments")
      .values({
        id: `test_${randomUUID()}`,
        order_reference: request.reference,
        amount_cents: request.amountCents,
        currency: request.currency,
        status,
        failure_reason: status === "failed" ? outcome : null,
        saved_card_id: savedCardId,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  };

  return {
    ...testGatewayTraits,
    name: "test",
    kind: "card",
    checkoutOrigin: null,
    returnUrl: (returnPage, paymentId) => `${returnPage}?${paymentParameter}=${encodeURIComponent(paymentId)}`,
    sessionOfReturn: (url) => url.searchParams.get(paymentParameter),

    async charge(request: ChargeRequest): Promise<ChargeResult> {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      const outcome = laterDeclines[request.card.number] ? "approved" : (testCards[request.card.number] ?? "approved");
      // Kept once the charge went through (or once the cardholder authenticates it), never for a refusal.
      const keeps = request.saveCard && (outcome === "approved" || outcome === "authenticationRequired");
      const savedCard = keeps ? await keepCard(request) : undefined;
      const payment = await record(request, outcome, savedCard?.id);
      if (outcome === "approved") return { status: "approved", gatewayReference: payment.id, ...(savedCard && { savedCard }) };
      if (outcome === "authenticationRequired") return { status: "requiresAction", gatewayReference: payment.id };
      return { status: "declined", reason: outcome, gatewayReference: payment.id };
    },

    saveCard: (card) => keepCard({ card }),

    async chargeSavedCard(request: SavedCardChargeRequest): Promise<ChargeResult> {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      const card = await db.selectFrom("test_gateway_cards").selectAll().where("id", "=", request.paymentMethodId).executeTakeFirst();
      const outcome = (card?.outcome ?? "declined") as DeclineReason | "approved";
      const payment = await record(request, outcome, card?.id ?? null);
      if (outcome === "approved") return { status: "approved", gatewayReference: payment.id };
      return { status: "declined", reason: outcome, gatewayReference: payment.id };
    },

    pendingAuthentication(paymentId) {
      return payments().where("id", "=", paymentId).where("status", "=", "requires_action").executeTakeFirst();
    },

    authenticate(paymentId, approved) {
      return db
        .updateTable("test_gateway_payments")
        .set({
          status: approved ? "succeeded" : "failed",
          failure_reason: approved ? null : "authenticationFailed",
          updated_at: new Date().toISOString(),
        })
        .where("id", "=", paymentId)
        .where("status", "=", "requires_action")
        .returningAll()
        .executeTakeFirst();
    },

    async lookup(payment: PaymentRecord): Promise<PaymentLookup> {
      const query = payment.gatewayReference
        ? payments().where("id", "=", payment.gatewayReference)
        : payments().where("order_reference", "=", payment.reference).orderBy("created_at", "desc");
      const found = await query.executeTakeFirst();
      if (!found) return { status: "unknown" };
      if (found.status === "requires_action") return { status: "pending" };
      if (found.status === "failed") {
        return { status: "failed", reason: (found.failure_reason ?? "processingError") as DeclineReason, gatewayReference: found.id };
      }
      const savedCard = found.saved_card_id
        ? await db
            .selectFrom("test_gateway_cards")
            .select(["id", "brand", "last4"])
            .where("id", "=", found.saved_card_id)
            .executeTakeFirst()
        : undefined;
      return { status: "paid", gatewayReference: found.id, refundedCents: found.refunded_cents, ...(savedCard && { savedCard }) };
    },

    async refund(payment: PaymentRecord, amountCents?: number): Promise<RefundResult> {
      const found = payment.gatewayReference ? await payments().where("id", "=", payment.gatewayReference).executeTakeFirst() : undefined;
      if (found?.status !== "succeeded") throw new Error(`Order ${payment.reference} has no payment to refund`);
      const before = payment.refundedCents;
      const amount = amountCents ?? found.amount_cents - before;
      if (amount <= 0 || before + amount > found.amount_cents) throw new Error(`Order ${payment.reference}: nothing left to refund`);
      // Moves only from the amount the caller saw, so the same request made twice (two tabs) refunds once.
      await db
        .updateTable("test_gateway_payments")
        .set({ refunded_cents: before + amount, updated_at: new Date().toISOString() })
        .where("id", "=", found.id)
        .where("refunded_cents", "=", before)
        .execute();
      const after = await payments().where("id", "=", found.id).executeTakeFirstOrThrow();
      if (after.refunded_cents !== before + amount) throw new Error(`Order ${payment.reference}: another refund came first`);
      return { refundId: `test_re_${found.id.slice(5)}_${before + amount}`, refundedCents: after.refunded_cents };
    },
  };
}
