import type { ContactMessage } from "../../../server/db/schema.ts";

/** A reply that threads with the customer's message: `Re: ` once, however many times the subject was already answered. */
export function replyHref(message: Pick<ContactMessage, "email" | "subject">): string {
  const subject = /^re:/i.test(message.subject.trim()) ? message.subject.trim() : `Re: ${message.subject.trim()}`;
  // Encoded so that an address or subject can never add headers (`?bcc=`) to the mail; `@` stays readable.
  const to = encodeURIComponent(message.email).replace(/%40/g, "@");
  return `mailto:${to}?subject=${encodeURIComponent(subject)}`;
}
