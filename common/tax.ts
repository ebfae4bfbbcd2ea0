/**
 * The tax inside a tax-inclusive price, in integer cents (docs/decisions/0021-invoices-and-tax.md).
 *
 * Prices in content/site.ts are what the customer pays. A rate is an integer in basis points (2100 = 21 %,
 * 2550 = 25.5 %), never a float, and the arithmetic is done on BigInt so no cent is lost to binary fractions.
 *
 * The rounding, stated once: net = total / (1 + rate), rounded to the cent half away from zero; tax = total −
 * net. The tax is the difference, never rounded on its own, so net + tax = total on every invoice.
 */

/** 100 % in basis points. */
export const wholeInBasisPoints = 10_000;

export interface TaxSplit {
  /** What the customer paid, in cents. */
  totalCents: number;
  /** The total without tax, in cents. */
  netCents: number;
  /** The tax in the total, in cents: total − net. */
  taxCents: number;
  /** The rate applied, in basis points (0 when no tax is charged). */
  rateBasisPoints: number;
}

/** `numerator / denominator` rounded half away from zero; the denominator is positive. */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const rounded = (2n * magnitude + denominator) / (2n * denominator);
  return negative ? -rounded : rounded;
}

/** Whether a rate is one this module accepts: a whole number of basis points from 0 to 100 %. */
export function isRate(rateBasisPoints: number): boolean {
  return Number.isSafeInteger(rateBasisPoints) && rateBasisPoints >= 0 && rateBasisPoints <= wholeInBasisPoints;
}

/**
 * Splits a tax-inclusive total (cents; negative for a credit) into net and tax at the rate. Throws on a
 * total that is not whole cents or a rate out of range: money is never guessed.
 */
export function splitInclusive(totalCents: number, rateBasisPoints: number): TaxSplit {
  if (!Number.isSafeInteger(totalCents)) throw new RangeError(`A total must be whole cents, got ${totalCents}`);
  if (!isRate(rateBasisPoints)) throw new RangeError(`A rate must be whole basis points from 0 to 10000, got ${rateBasisPoints}`);
  const base = BigInt(wholeInBasisPoints);
  const netCents = Number(divideRounded(BigInt(totalCents) * base, base + BigInt(rateBasisPoints)));
  return { totalCents, netCents, taxCents: totalCents - netCents, rateBasisPoints };
}

/** A rate as a percentage for people: 2100 → "21", 2550 → "25.5" (the caller adds the locale's "%"). */
export function ratePercent(rateBasisPoints: number): number {
  return rateBasisPoints / 100;
}
