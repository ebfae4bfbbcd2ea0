/** The address typed to sign in: trimmed, at most 254 characters, an e-mail. Problems are keys of `signIn.errors`. */
export type EmailProblem = "required" | "tooLong" | "email";

/** Deliberately loose (one @, a dot in the domain, no spaces): the mail itself is the real check. */
export function readEmail(value: FormDataEntryValue | undefined): { email: string } | { problem: EmailProblem; typed: string } {
  const typed = typeof value === "string" ? value.trim() : "";
  if (typed === "") return { problem: "required", typed };
  if (typed.length > 254) return { problem: "tooLong", typed: typed.slice(0, 254) };
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(typed)) return { problem: "email", typed };
  return { email: typed };
}
