import { lazySchema, z } from "../zod";

/** A newsletter sign-up: one e-mail address; problems are keys of `newsletter.errors`. */
export const newsletterSchema = lazySchema(() =>
  z.object({
    email: z
      .string({ error: "required" })
      .trim()
      .min(1, { error: "required" })
      .max(254, { error: "tooLong" })
      .pipe(z.email({ error: "email" })),
  }),
);

export function validateNewsletter(input: Record<string, unknown>) {
  const result = newsletterSchema().safeParse(input);
  return result.success
    ? { ok: true as const, email: result.data.email }
    : { ok: false as const, error: result.error.issues[0]?.message ?? "email" };
}
