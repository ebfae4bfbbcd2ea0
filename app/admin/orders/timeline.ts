/**
 * An order's timeline: its recorded events and its mails (queued, then sent or failing) as one list,
 * oldest first. Built on the server, so mail bodies (which may hold access details) never reach the page.
 */
import type { MailWithState } from "../../../server/db/mails.ts";
import type { OrderEvent } from "../../../server/db/schema.ts";

interface EntryBase {
  id: string;
  /** ISO timestamp. */
  at: string;
  /** `customer`, `processor`, `system`, or an operator's e-mail. */
  actor: string;
}

export interface EventEntry extends EntryBase {
  kind: "event";
  /** As recorded: `created`, `paid`, `delivered`, `refunded`, … */
  type: string;
  details: Record<string, unknown> | null;
}

export interface MailEntry extends EntryBase {
  kind: "mail";
  state: "queued" | "sent" | "failed";
  mailKind: string;
  to: string;
  attempts: number;
  error: string | null;
}

export type TimelineEntry = EventEntry | MailEntry;

function parseDetails(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function mailEntries(mail: MailWithState): MailEntry[] {
  const base = { kind: "mail" as const, actor: "system", mailKind: mail.kind, to: mail.to_address, attempts: mail.attempts, error: null };
  const entries: MailEntry[] = [{ ...base, id: `mail-${mail.id}-queued`, at: mail.created_at, state: "queued" }];
  if (mail.sent_at) entries.push({ ...base, id: `mail-${mail.id}-sent`, at: mail.sent_at, state: "sent" });
  else if (mail.attempts > 0) {
    // The last failed attempt is the last change of the mail's job.
    entries.push({
      ...base,
      id: `mail-${mail.id}-failed`,
      at: mail.changed_at,
      state: "failed",
      error: mail.last_error?.slice(0, 200) ?? null,
    });
  }
  return entries;
}

export function buildTimeline(events: readonly OrderEvent[], mails: readonly MailWithState[]): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    ...events.map(
      (event): EventEntry => ({
        kind: "event",
        id: `event-${event.id}`,
        at: event.created_at,
        actor: event.actor,
        type: event.type,
        details: parseDetails(event.details),
      }),
    ),
    ...mails.flatMap(mailEntries),
  ];
  // A stable sort keeps an event before the mail it queued at the same instant.
  return entries.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}
