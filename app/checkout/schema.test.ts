import { describe, expect, it } from "vitest";
import { validateCheckout } from "./schema";

const valid = {
  plan: "advanced",
  viewers: "2",
  idempotencyKey: "0f8fad5b-d9cb-469f-a165-70867728950e",
  firstName: "Ana",
  lastName: "García",
  email: "ana@example.com",
  phone: "+34 612 345 678",
  cardNumber: "4242 4242 4242 4242",
  expiryDate: "12/30",
  cvv: "123",
  country: "ES",
  city: "Valencia",
  postalCode: "46001",
  address: "Calle Mayor 1",
};

const errorsFor = (changes: Record<string, unknown>) => {
  const result = validateCheckout({ ...valid, ...changes });
  return result.ok ? {} : result.errors;
};

describe("the checkout rules", () => {
  it("accept a complete order and clean it", () => {
    const result = validateCheckout(valid);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.order.cardNumber).toBe("4242424242424242");
      expect(result.order.viewers).toBe(2);
    }
  });

  it.each([
    ["firstName", ""],
    ["lastName", "   "],
    ["email", ""],
    ["phone", ""],
    ["cardNumber", ""],
    ["expiryDate", ""],
    ["cvv", ""],
    ["country", ""],
    ["city", ""],
    ["address", ""],
  ])("require %s", (field, value) => {
    expect(errorsFor({ [field]: value })[field as "city"]).toBe("required");
  });

  it("check the e-mail address", () => {
    expect(errorsFor({ email: "ana@" }).email).toBe("email");
  });

  it("check the phone number for the chosen country", () => {
    expect(errorsFor({ phone: "12345" }).phone).toBe("phone");
    expect(errorsFor({ phone: "06 12 34 56 78" }).phone).toBe("phone");
    expect(errorsFor({ phone: "06 12 34 56 78", country: "FR", postalCode: "75001" }).phone).toBeUndefined();
  });

  it("check the card, its expiry and its CVV by brand", () => {
    expect(errorsFor({ cardNumber: "4242 4242 4242 4241" }).cardNumber).toBe("cardNumber");
    expect(errorsFor({ expiryDate: "01/20" }).expiryDate).toBe("expiryPast");
    expect(errorsFor({ cvv: "12" }).cvv).toBe("cvv");
    expect(errorsFor({ cvv: "1234" }).cvv).toBe("cvvLength");
    expect(errorsFor({ cardNumber: "378282246310005", cvv: "123" }).cvv).toBe("cvvLength");
    expect(errorsFor({ cardNumber: "378282246310005", cvv: "1234" }).cvv).toBeUndefined();
  });

  it("check the country and a postal code plausible for it", () => {
    expect(errorsFor({ country: "XX" }).country).toBe("country");
    expect(errorsFor({ postalCode: "ABC" }).postalCode).toBe("postalCode");
    expect(errorsFor({ postalCode: "" }).postalCode).toBe("required");
    expect(errorsFor({ country: "GB", phone: "+44 20 7946 0958", postalCode: "SW1A 1AA" })).toEqual({});
    expect(errorsFor({ country: "AE", phone: "+971 50 123 4567", postalCode: "" })).toEqual({});
  });

  it("limit the length of every text", () => {
    expect(errorsFor({ city: "x".repeat(81) }).city).toBe("tooLong");
    expect(errorsFor({ address: "x".repeat(201) }).address).toBe("tooLong");
  });

  it("refuse an unknown plan or viewer count", () => {
    expect(errorsFor({ plan: "gold" }).plan).toBe("plan");
    expect(errorsFor({ viewers: "4" }).viewers).toBe("viewers");
  });
});
