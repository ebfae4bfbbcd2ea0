import type { CardBrand } from "../../app/checkout/card.ts";

/** What a charge needs. The card lives only in this object, for the length of the call. */
export interface ChargeRequest {
  /** Our order reference, for the processor's records. */
  reference: string;
  amountCents: number;
  currency: string;
  card: { number: string; expiry: string; cvv: string; brand: CardBrand };
}

export type DeclineReason = "declined" | "insufficientFunds" | "expiredCard" | "incorrectCvv" | "processingError";

export type ChargeResult =
  | { approved: true; gatewayReference: string }
  | { approved: false; reason: DeclineReason; gatewayReference?: string };

/**
 * A payment processor. The built-in test gateway implements it; a real processor is a second
 * implementation chosen by configuration (PAYMENT_GATEWAY), with no change to the checkout.
 */
export interface PaymentGateway {
  readonly name: string;
  /** True when no real money moves: the checkout then shows a visible test-mode notice. */
  readonly testMode: boolean;
  charge(request: ChargeRequest): Promise<ChargeResult>;
}
