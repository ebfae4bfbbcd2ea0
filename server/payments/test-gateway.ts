import { randomUUID } from "node:crypto";
import type { ChargeRequest, ChargeResult, DeclineReason, PaymentGateway } from "./gateway.ts";

/**
 * The card numbers with a set outcome, as card processors publish them for testing. Any other valid card
 * is approved.
 */
export const testCards: Record<string, DeclineReason | "approved"> = {
  "4242424242424242": "approved",
  "5555555555554444": "approved",
  "378282246310005": "approved",
  "4000000000000002": "declined",
  "4000000000009995": "insufficientFunds",
  "4000000000000069": "expiredCard",
  "4000000000000127": "incorrectCvv",
  "4000000000000119": "processingError",
};

/** A gateway that moves no money: the test numbers decide the outcome, after a short, realistic pause. */
export function createTestGateway({ delayMs = 400 }: { delayMs?: number } = {}): PaymentGateway {
  return {
    name: "test",
    testMode: true,
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      const outcome = testCards[request.card.number] ?? "approved";
      const gatewayReference = `test_${randomUUID()}`;
      return outcome === "approved" ? { approved: true, gatewayReference } : { approved: false, reason: outcome, gatewayReference };
    },
  };
}
