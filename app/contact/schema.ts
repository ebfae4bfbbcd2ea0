import { lazySchema, z } from "../zod";

/** The contact form's rules, for the browser and the server; messages are keys of `contact.errors`. */
export const contactFields = ["name", "email", "subject", "message"] as const;
export type ContactField = (typeof contactFields)[number];

export const contactLimits: Record<ContactField, { min: number; max: number }> = {
  name: { min: 1, max: 100 },
  email: { min: 1, max: 254 },
  subject: { min: 1, max: 150 },
  message: { min: 10, max: 5000 },
};

const text = (field: ContactField) =>
  z
    .string({ error: "required" })
    .trim()
    .min(1, { error: "required" })
    .min(contactLimits[field].min, { error: "tooShort" })
    .max(contactLimits[field].max, { error: "tooLong" });

export const contactSchema = lazySchema(() =>
  z.object({
    name: text("name"),
    email: text("email").pipe(z.email({ error: "email" })),
    subject: text("subject"),
    message: text("message"),
  }),
);

export type ContactErrors = Partial<Record<ContactField, string>>;

export function validateContact(input: Record<string, unknown>) {
  const result = contactSchema().safeParse(input);
  if (result.success) return { ok: true as const, message: result.data };
  const errors: ContactErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactField;
    errors[field] ??= issue.message;
  }
  return { ok: false as const, errors };
}

/** The hidden field only robots fill in. */
export const honeypotField = "website";
