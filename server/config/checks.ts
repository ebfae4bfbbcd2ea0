/** The pieces every variable's check is made of, so each message says what is wrong and how to fix it. */
import { z } from "zod";

/** `"abc"` → ` (got "abc")`, for the error messages of values that are no secret. */
const got = (input: unknown) =>
  typeof input === "string"
    ? ` (got ${JSON.stringify(input.length > 80 ? `${input.slice(0, 80)}…` : input)})`
    : typeof input === "number"
      ? ` (got ${input})`
      : "";

/** An error message with the value that was given appended; `secret` leaves it out (URLs with passwords). */
export const problem =
  (message: string, { secret = false } = {}) =>
  (issue: { input?: unknown }) =>
    secret ? message : `${message}${got(issue.input)}`;

export function wholeNumber(
  name: string,
  { min, max, fallback, example = fallback }: { min: number; max: number; fallback: number; example?: number },
) {
  const error = problem(`must be a whole number from ${min} to ${max}, e.g. ${name}=${example}`);
  return z
    .string()
    .trim()
    .regex(/^\d+$/, { error })
    .transform(Number)
    .pipe(z.number().min(min, { error }).max(max, { error }))
    .default(fallback);
}

export const canParse = (value: string) => URL.canParse(value);

/** An address such as `someone@example.com` (no spaces, one @, something on both sides). */
export const mailbox = /^[^\s<>@",;]+@[^\s<>@",;]+$/;

/** A yes/no variable (`true`, `1`, `yes`, `on` or their opposites), undefined when unset. */
export function optionalFlag(message: string) {
  return z.stringbool({ truthy: ["true", "1", "yes", "on"], falsy: ["false", "0", "no", "off"], error: problem(message) }).optional();
}

/** A yes/no variable, off when unset unless `fallback` says on. */
export function flag(message: string, fallback = false) {
  return optionalFlag(message).default(fallback);
}
