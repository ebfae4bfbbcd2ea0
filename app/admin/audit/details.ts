/**
 * An entry's details (stored as a small JSON object) as one line a person can read: `state: confirmed ·
 * rows: 12`. Whatever is not such an object is shown as stored, never dropped: the log shows what happened.
 */
export function describeDetails(details: string | null): string | null {
  if (details === null || details === "") return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(details);
  } catch {
    return details;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return details;
  const parts = Object.entries(parsed).map(([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`);
  return parts.length > 0 ? parts.join(" · ") : null;
}
