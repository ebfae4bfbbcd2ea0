/**
 * What an order action answers, for the page to show: a message as a text key (the page words it in the
 * operator's language), and for the forms what was typed and what is wrong with it.
 */
import type { AdminTextKey } from "../text";

export const orderIntents = ["settle", "deliver", "extend", "resend", "refund-confirm", "refund", "stop-renewal"] as const;
export type OrderIntent = (typeof orderIntents)[number];

/** An amount is worded by the page, in the operator's language. */
export type MessageValue = string | number | { cents: number; currency: string };

export interface ActionMessage {
  key: AdminTextKey;
  values?: Record<string, MessageValue>;
}

/** The refund about to be made, shown for a second, explicit confirmation. */
export interface RefundReview {
  reason: string;
  note: string;
  /** What was refunded when the operator looked: the refund only goes ahead from this same state. */
  refundedCents: number;
  amountCents: number;
  currency: string;
}

export interface ActionResult {
  intent: OrderIntent | "unknown";
  ok: boolean;
  message?: ActionMessage;
  /** What was typed, to show again after an error. */
  values?: Record<string, string>;
  /** Field name → problem (a text key under the form's `errors`). */
  errors?: Record<string, string>;
  review?: RefundReview;
}

export const succeeded = (intent: OrderIntent, key: AdminTextKey, values?: ActionMessage["values"]): ActionResult => ({
  intent,
  ok: true,
  message: { key, values },
});

export const failed = (intent: OrderIntent, key: AdminTextKey, values?: ActionMessage["values"]): ActionResult => ({
  intent,
  ok: false,
  message: { key, values },
});
