/**
 * An access's details as a form gives them, and their checks: every field configured in content/site.ts
 * (`access.fields`) is required, a field named `…Url` must be an http(s) address, and a free note may follow.
 * The console's delivery form and the provisioning system's answer are held to the same rules.
 */
import { type FormValues, formText } from "../../common/read-form.ts";
import { site } from "../../content/site";
import type { AccessDetails, AccessField } from "../../server/mail/access-mail.ts";
import { z } from "../zod";

export const accessFields = site.access.fields;
export const noteField = "note";
export type DeliverField = AccessField | typeof noteField;
export type DeliverProblem = "required" | "url" | "tooLong";

export const isUrlField = (field: AccessField) => field.endsWith("Url");
export const maxLength = (field: DeliverField) => (field === noteField ? 2000 : isUrlField(field) ? 2000 : 200);

const isWebAddress = (value: string) => {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
};

function fieldSchema(field: AccessField) {
  const text = z
    .string()
    .trim()
    .min(1, { error: "required" satisfies DeliverProblem })
    .max(maxLength(field), { error: "tooLong" satisfies DeliverProblem });
  return isUrlField(field) ? text.refine(isWebAddress, { error: "url" satisfies DeliverProblem }) : text;
}

const accessSchema = z.object({
  ...(Object.fromEntries(accessFields.map((field) => [field, fieldSchema(field)])) as Record<AccessField, ReturnType<typeof fieldSchema>>),
  [noteField]: z
    .string()
    .trim()
    .max(maxLength(noteField), { error: "tooLong" satisfies DeliverProblem }),
});

export type AccessFormResult =
  | { ok: true; details: AccessDetails; values: Record<DeliverField, string> }
  | { ok: false; errors: Partial<Record<DeliverField, DeliverProblem>>; values: Record<DeliverField, string> };

export function parseAccessForm(form: FormValues): AccessFormResult {
  const fields: readonly DeliverField[] = [...accessFields, noteField];
  // A little past the limit, so "too long" is still said rather than the text silently cut.
  const values = Object.fromEntries(fields.map((field) => [field, formText(form, field, maxLength(field) + 1)])) as Record<
    DeliverField,
    string
  >;
  const parsed = accessSchema.safeParse(values);
  if (parsed.success) {
    const { note, ...rest } = parsed.data;
    return { ok: true, details: { ...(rest as Record<AccessField, string>), ...(note ? { note } : {}) }, values };
  }
  const errors: Partial<Record<DeliverField, DeliverProblem>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as DeliverField;
    errors[field] ??= issue.message as DeliverProblem;
  }
  return { ok: false, errors, values };
}
