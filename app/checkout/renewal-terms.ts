/**
 * The words beside Pay when the checkout offers automatic renewal: the box's label ("Renew
 * automatically every 3 months") and the terms in plain words: the price, the period, the next charge date
 * and how to stop. Pure: the page passes its translator, and the date already written in its language.
 */
import type { Translator } from "../i18n/i18n";

export interface RenewalTermsInput {
  /** The plan's period. */
  months: number;
  /** What each renewal charges, written for the visitor ("€20", "20 €"). */
  amount: string;
  /** The next charge's date, written in the visitor's language ("26 February 2027"). */
  date: string;
}

export interface RenewalTerms {
  label: string;
  terms: string;
}

export function renewalTerms(t: Translator["t"], { months, amount, date }: RenewalTermsInput): RenewalTerms {
  return {
    label: t("automaticRenewal.label", { count: months }),
    terms: t("automaticRenewal.terms", { count: months, amount, date }),
  };
}

/** What the checkout offers: the box (ticked or not, with each period's next charge date), a note, or nothing. */
export type RenewalOffer =
  | {
      kind: "offered";
      checked: boolean;
      /** The next charge date of each plan's period (by its months), written on the server in the page's language. */
      nextCharge: Record<number, string>;
    }
  /** A renewal of an access that already renews automatically: a one-line note instead of the box. */
  | { kind: "already-renews" }
  | { kind: "none" };
