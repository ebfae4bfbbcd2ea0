import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cardNumberProblem, detectCardBrand, expiryProblem, formatCardNumber, formatExpiry, passesLuhn } from "./card.ts";

/** Appends the Luhn check digit to a number's other digits. */
function withCheckDigit(body: string): string {
  for (let digit = 0; digit <= 9; digit++) if (passesLuhn(body + digit)) return body + digit;
  throw new Error("unreachable");
}

const digits = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(""));

describe("card numbers", () => {
  it("accepts the processors' test numbers", () => {
    for (const number of ["4242 4242 4242 4242", "4000-0000-0000-0002", "5555555555554444", "378282246310005", "6011111111111117"]) {
      expect(cardNumberProblem(number), number).toBeNull();
    }
  });

  it("accepts every Visa number with a correct check digit", () => {
    fc.assert(fc.property(digits(14), (body) => cardNumberProblem(withCheckDigit(`4${body}`)) === null));
  });

  it("refuses every number whose last digit is changed", () => {
    fc.assert(
      fc.property(digits(14), fc.integer({ min: 1, max: 9 }), (body, shift) => {
        const valid = withCheckDigit(`4${body}`);
        const last = (Number(valid.at(-1)) + shift) % 10;
        return cardNumberProblem(valid.slice(0, -1) + last) === "cardNumber";
      }),
    );
  });

  it("refuses a valid checksum from an unknown brand, and says so", () => {
    expect(cardNumberProblem(withCheckDigit("900000000000000"))).toBe("cardBrand");
  });

  it("refuses empty, short, long and non-numeric input", () => {
    expect(cardNumberProblem("")).toBe("required");
    expect(cardNumberProblem("4242")).toBe("cardNumber");
    expect(cardNumberProblem("4242 4242 4242 424x")).toBe("cardNumber");
    expect(cardNumberProblem(withCheckDigit("4".repeat(20)))).toBe("cardNumber");
  });

  it("refuses a known brand at a length it does not issue", () => {
    expect(cardNumberProblem(withCheckDigit("378282246310000"))).toBe("cardNumber");
  });

  it("tells the brand from the first digits", () => {
    expect(detectCardBrand("4242")).toBe("visa");
    expect(detectCardBrand("5105")).toBe("mastercard");
    expect(detectCardBrand("2221 00")).toBe("mastercard");
    expect(detectCardBrand("3782")).toBe("amex");
    expect(detectCardBrand("6011")).toBe("discover");
    expect(detectCardBrand("9")).toBeNull();
  });

  it("groups the digits as typed, by brand", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("378282246310005")).toBe("3782 822463 10005");
    expect(formatCardNumber("42-42 4")).toBe("4242 4");
  });

  it("keeps every digit typed when grouping, up to 19", () => {
    fc.assert(fc.property(fc.string(), (typed) => formatCardNumber(typed).replace(/ /g, "") === typed.replace(/\D/g, "").slice(0, 19)));
  });
});

describe("expiry dates", () => {
  const today = new Date("2026-11-22T10:00:00Z");

  it("accepts this month and later", () => {
    expect(expiryProblem("11/26", today)).toBeNull();
    expect(expiryProblem("01/27", today)).toBeNull();
    expect(expiryProblem("12 / 30", today)).toBeNull();
  });

  it("refuses the past, with its own message", () => {
    expect(expiryProblem("10/26", today)).toBe("expiryPast");
    expect(expiryProblem("12/25", today)).toBe("expiryPast");
  });

  it("refuses what is not MM/YY", () => {
    for (const value of ["13/27", "00/27", "1/27", "2027-01", "0127", "ab/cd"]) expect(expiryProblem(value, today), value).toBe("expiry");
    expect(expiryProblem("", today)).toBe("required");
  });

  it("agrees with the calendar for every month of every year", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 99 }), (month, year) => {
        const value = `${String(month).padStart(2, "0")}/${String(year).padStart(2, "0")}`;
        const expiryIndex = (2000 + year) * 12 + month - 1;
        const nowIndex = 2026 * 12 + 10;
        const expected = expiryIndex < nowIndex ? "expiryPast" : expiryIndex > nowIndex + 240 ? "expiry" : null;
        return expiryProblem(value, today) === expected;
      }),
    );
  });

  it("is written MM/YY as typed", () => {
    expect(formatExpiry("0427")).toBe("04/27");
    expect(formatExpiry("04/2")).toBe("04/2");
    expect(formatExpiry("1")).toBe("1");
  });
});
