/**
 * The access details in the provisioning system's answer, checked by the console's own delivery form rules
 * (app/access/details-form.ts: every configured field required, `…Url` fields http(s), the same lengths):
 * what the system may deliver is exactly what an operator may type. Anything else is no details, and the
 * order waits for the operator.
 */
import { site } from "../../content/site";
import type { AccessDetails } from "../../server/mail/access-mail.ts";
import { noteField, parseAccessForm } from "../access/details-form";

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

export function accessFromAnswer(answer: unknown): AccessDetails | undefined {
  if (!isRecord(answer) || !isRecord(answer.access)) return undefined;
  const access = answer.access;
  // Text only: a number where a password belongs is the receiver's mistake to see, not something to convert.
  if (site.access.fields.some((field) => typeof access[field] !== "string")) return undefined;
  const note = access[noteField];
  if (note !== undefined && note !== null && typeof note !== "string") return undefined;
  const form = Object.fromEntries(site.access.fields.map((field) => [field, access[field] as string]));
  const checked = parseAccessForm(typeof note === "string" ? { ...form, [noteField]: note } : form);
  return checked.ok ? checked.details : undefined;
}
