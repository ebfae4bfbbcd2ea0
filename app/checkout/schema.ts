import { isValidPhoneNumber, type CountryCode as PhoneCountry } from "libphonenumber-js/min";
import { cardDigits, cardNumberProblem, cvvLength, detectCardBrand, expiryProblem } from "../../common/card";
import { isCountryCode } from "../../common/countries.ts";
import { site } from "../../content/site";
import { lazySchema, z } from "../zod";
import { type CheckoutField, type FieldErrors, fieldLimits } from "./fields";
import { isPlausiblePostalCode } from "./postal-codes";

export { type CheckoutField, cardFields, checkoutFields, type FieldErrors, type FormValues, fieldLimits } from "./fields";

/**
 * The one set of rules for the checkout form, used as the visitor leaves each field and on submit in the
 * browser, and always on the server. Each problem's message is a key of `checkout.errors` in the locale
 * files, so it reaches the visitor in their language.
 */
const text = (field: CheckoutField) =>
  z.string({ error: "required" }).trim().min(1, { error: "required" }).max(fieldLimits[field], { error: "tooLong" });

const planKeys = site.plans.map((plan) => plan.key) as [string, ...string[]];

/** The form's one-time key: a UUID, or anything of that kind and length. */
export const idempotencyKeyPattern = /^[A-Za-z0-9-]{16,64}$/;

/** The fields every checkout has; built on first use, like the schemas below. */
const contactShape = () => ({
  plan: z.enum(planKeys, { error: "plan" }),
  viewers: z.coerce.number({ error: "viewers" }).int().min(1, { error: "viewers" }).max(3, { error: "viewers" }),
  idempotencyKey: z.string().regex(idempotencyKeyPattern, { error: "idempotencyKey" }),
  /** The "renew automatically" checkbox: sent as "on" when ticked, absent when not (a plain HTML form). */
  renewAutomatically: z
    .string()
    .optional()
    .transform((value) => value === "on" || value === "true"),
  firstName: text("firstName"),
  lastName: text("lastName"),
  email: text("email").pipe(z.email({ error: "email" })),
  phone: text("phone"),
  country: z.string({ error: "required" }).trim().min(1, { error: "required" }).refine(isCountryCode, { error: "country" }),
  city: text("city"),
  postalCode: z.string({ error: "required" }).trim().max(fieldLimits.postalCode, { error: "tooLong" }),
  address: text("address"),
});

const cardShape = () => ({
  cardNumber: z
    .string({ error: "required" })
    .max(fieldLimits.cardNumber, { error: "cardNumber" })
    .superRefine((value, context) => {
      const problem = cardNumberProblem(value);
      if (problem) context.addIssue({ code: "custom", message: problem });
    })
    .transform(cardDigits),
  expiryDate: z
    .string({ error: "required" })
    .max(fieldLimits.expiryDate, { error: "expiry" })
    .superRefine((value, context) => {
      const problem = expiryProblem(value);
      if (problem) context.addIssue({ code: "custom", message: problem });
    })
    .transform((value) => value.replace(/\s/g, "")),
  cvv: z
    .string({ error: "required" })
    .trim()
    .min(1, { error: "required" })
    .regex(/^\d{3,4}$/, { error: "cvv" }),
});

type ContactInput = { phone: string; country: string; postalCode: string };

/** The phone number and postal code are checked against the chosen country. */
function checkAgainstCountry(order: ContactInput, context: z.RefinementCtx) {
  if (order.phone && order.country && isCountryCode(order.country) && !isValidPhoneNumber(order.phone, order.country as PhoneCountry)) {
    context.addIssue({ code: "custom", path: ["phone"], message: "phone" });
  }
  if (order.country && isCountryCode(order.country) && !isPlausiblePostalCode(order.country, order.postalCode)) {
    context.addIssue({ code: "custom", path: ["postalCode"], message: order.postalCode ? "postalCode" : "required" });
  }
}

/** The form when the card is typed here (the built-in test gateway). */
export const checkoutSchema = lazySchema(() =>
  z.object({ ...contactShape(), ...cardShape() }).superRefine((order, context) => {
    checkAgainstCountry(order, context);
    if (/^\d{3,4}$/.test(order.cvv) && order.cvv.length !== cvvLength(detectCardBrand(order.cardNumber))) {
      context.addIssue({ code: "custom", path: ["cvv"], message: "cvvLength" });
    }
  }),
);

/** A card alone: another card for an automatic renewal (the account's card page, the test gateway). */
export const cardSchema = lazySchema(() =>
  z.object(cardShape()).superRefine((card, context) => {
    if (/^\d{3,4}$/.test(card.cvv) && card.cvv.length !== cvvLength(detectCardBrand(card.cardNumber))) {
      context.addIssue({ code: "custom", path: ["cvv"], message: "cvvLength" });
    }
  }),
);

/** The form when the card is given on the processor's own page (Stripe Checkout): no card fields at all. */
export const hostedCheckoutSchema = lazySchema(() => z.object(contactShape()).superRefine(checkAgainstCountry));

export type CheckoutInput = z.input<ReturnType<typeof checkoutSchema>>;
export type CheckoutOrder = z.output<ReturnType<typeof checkoutSchema>>;
export type ContactDetails = z.output<ReturnType<typeof hostedCheckoutSchema>>;

export function checkoutErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as keyof FieldErrors | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** Validates a submitted form (FormData or a plain object) with the card fields. */
export function validateCheckout(input: Record<string, unknown>) {
  const result = checkoutSchema().safeParse(input);
  return result.success ? { ok: true as const, order: result.data } : { ok: false as const, errors: checkoutErrors(result.error) };
}

/** Validates a submitted form without card fields (the card is given on the processor's page). */
export function validateHostedCheckout(input: Record<string, unknown>) {
  const result = hostedCheckoutSchema().safeParse(input);
  return result.success ? { ok: true as const, order: result.data } : { ok: false as const, errors: checkoutErrors(result.error) };
}

/** Validates a card alone (cardSchema). */
export function validateCard(input: Record<string, unknown>) {
  const result = cardSchema().safeParse(input);
  return result.success ? { ok: true as const, card: result.data } : { ok: false as const, errors: checkoutErrors(result.error) };
}
