/**
 * The free trial's first step, read from a posted form: a name, an e-mail, a country (no card). Pure, so the
 * page, the action and the tests agree on what is wrong; problems are keys of `trial.errors`.
 */
import { isCountryCode } from "../../common/countries.ts";

export const trialFields = ["name", "email", "country"] as const;
export type TrialField = (typeof trialFields)[number];
export type TrialProblem = "required" | "tooLong" | "email" | "country";

/** What was typed, trimmed and cut to size: always shown back, whatever the answer. */
export type TrialValues = Record<TrialField, string>;

const limits: Record<TrialField, number> = { name: 100, email: 254, country: 2 };

export type TrialForm =
  | { ok: true; values: TrialValues }
  | { ok: false; values: TrialValues; errors: Partial<Record<TrialField, TrialProblem>> };

const text = (value: FormDataEntryValue | undefined) => (typeof value === "string" ? value.trim() : "");

export function readTrialForm(form: Readonly<Record<string, FormDataEntryValue | undefined>>): TrialForm {
  const typed = { name: text(form.name), email: text(form.email), country: text(form.country).toUpperCase() };
  const errors: Partial<Record<TrialField, TrialProblem>> = {};
  for (const field of trialFields) {
    if (typed[field] === "") errors[field] = "required";
    else if (typed[field].length > limits[field] && field !== "country") errors[field] = "tooLong";
  }
  // Deliberately loose (one @, a dot in the domain, no spaces): the mailed code is the real check.
  if (!errors.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(typed.email)) errors.email = "email";
  if (!errors.country && !isCountryCode(typed.country)) errors.country = "country";
  const values = {
    name: typed.name.slice(0, limits.name),
    email: typed.email.slice(0, limits.email),
    country: isCountryCode(typed.country) ? typed.country : "",
  };
  return Object.keys(errors).length === 0 ? { ok: true, values } : { ok: false, values, errors };
}
