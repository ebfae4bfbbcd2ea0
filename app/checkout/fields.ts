/**
 * The checkout form's fields, their length limits and the shapes of what a form sends back: what the form
 * needs to draw itself. Its rules (schema.ts, with zod and the phone numbers' metadata) are loaded by the
 * browser only once the visitor starts on the form (CheckoutForm.tsx).
 */
export const checkoutFields = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "cardNumber",
  "expiryDate",
  "cvv",
  "country",
  "city",
  "postalCode",
  "address",
] as const;
export type CheckoutField = (typeof checkoutFields)[number];

export const fieldLimits: Record<CheckoutField, number> = {
  firstName: 60,
  lastName: 60,
  email: 254,
  phone: 30,
  cardNumber: 23,
  expiryDate: 7,
  cvv: 4,
  country: 2,
  city: 80,
  postalCode: 12,
  address: 200,
};

/** The card fields, which only a checkout that takes the card itself shows. */
export const cardFields = ["cardNumber", "expiryDate", "cvv"] as const satisfies readonly CheckoutField[];

/** What the visitor typed, as the form gives it back after a failed attempt (never the CVV). */
/** What a form sent back shows again; `renewAutomatically` is "on" or "off" as the box was sent. */
export type FormValues = Partial<Record<CheckoutField | "plan" | "viewers" | "renewAutomatically", string>>;

/** Each field's first problem, as `checkout.errors` keys. */
export type FieldErrors = Partial<Record<CheckoutField | "plan" | "viewers" | "idempotencyKey", string>>;
