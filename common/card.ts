/** Card numbers: brands, the Luhn check, grouping as typed, expiry dates. Pure, for browser and server. */

export type CardBrand = "visa" | "mastercard" | "amex" | "discover";

interface BrandRule {
  brand: CardBrand;
  /** Which leading digits identify the brand. */
  prefix: RegExp;
  lengths: number[];
  cvvLength: number;
  /** Where the digits are split when shown: 4-4-4-4, or 4-6-5 for American Express. */
  groups: number[];
}

const brandRules: BrandRule[] = [
  { brand: "amex", prefix: /^3[47]/, lengths: [15], cvvLength: 4, groups: [4, 6, 5] },
  { brand: "visa", prefix: /^4/, lengths: [13, 16, 19], cvvLength: 3, groups: [4, 4, 4, 4, 3] },
  {
    brand: "mastercard",
    prefix: /^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/,
    lengths: [16],
    cvvLength: 3,
    groups: [4, 4, 4, 4],
  },
  { brand: "discover", prefix: /^(6011|65|64[4-9])/, lengths: [16, 19], cvvLength: 3, groups: [4, 4, 4, 4, 3] },
];

export const cardBrandNames: Record<CardBrand, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
};

/** Only the digits of what was typed: spaces and dashes are how people write card numbers. */
/** A brand as stored (`visa`, or a processor's word such as `unionpay`), as people write it; unknown ones as they are. */
export function cardBrandName(brand: string): string {
  return (cardBrandNames as Readonly<Record<string, string>>)[brand.toLowerCase()] ?? brand;
}

export function cardDigits(input: string): string {
  return input.replace(/[\s-]/g, "");
}

export function detectCardBrand(input: string): CardBrand | null {
  const digits = cardDigits(input);
  return brandRules.find((rule) => rule.prefix.test(digits))?.brand ?? null;
}

/** The Luhn checksum every card number carries in its last digit. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export type CardNumberProblem = "required" | "cardNumber" | "cardBrand";

/** Why a card number cannot be charged, or null when it can. */
export function cardNumberProblem(input: string): CardNumberProblem | null {
  const digits = cardDigits(input);
  if (digits === "") return "required";
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) return "cardNumber";
  const rule = brandRules.find((candidate) => candidate.prefix.test(digits));
  if (!rule) return "cardBrand";
  if (!rule.lengths.includes(digits.length)) return "cardNumber";
  return null;
}

/** The number grouped for reading as it is typed: "4242 4242 4242 4242", "3782 822463 10005". */
export function formatCardNumber(input: string): string {
  const digits = cardDigits(input).replace(/\D/g, "").slice(0, 19);
  const groups = brandRules.find((rule) => rule.prefix.test(digits))?.groups ?? [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let start = 0;
  for (const size of groups) {
    if (start >= digits.length) break;
    parts.push(digits.slice(start, start + size));
    start += size;
  }
  return parts.join(" ");
}

export function cvvLength(brand: CardBrand | null): number {
  return brandRules.find((rule) => rule.brand === brand)?.cvvLength ?? 3;
}

export type ExpiryProblem = "required" | "expiry" | "expiryPast";

/** MM/YY, a real month, and not before the current month (a card is valid to the end of its month). */
export function expiryProblem(input: string, today: Date = new Date()): ExpiryProblem | null {
  const value = input.trim();
  if (value === "") return "required";
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value);
  if (!match) return "expiry";
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return "expiry";
  const thisMonth = today.getUTCFullYear() * 12 + today.getUTCMonth();
  const expiryMonth = year * 12 + (month - 1);
  if (expiryMonth < thisMonth) return "expiryPast";
  if (expiryMonth > thisMonth + 20 * 12) return "expiry";
  return null;
}

/** "0427" or "04/27" typed in the field, shown as "04/27". */
export function formatExpiry(input: string): string {
  const digits = input.replace(/\D/g, "").slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)}/${digits.slice(2)}`;
}
