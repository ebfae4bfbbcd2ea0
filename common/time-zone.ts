/**
 * The customer's time zone, as their browser names it (an IANA name such as `Europe/Paris`), kept only when
 * this runtime knows it: anything else (a forged value, an empty field without JavaScript) is null, and the
 * account then writes its dates in UTC, naming the zone.
 */
export function knownTimeZone(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > 64) return null;
  try {
    return new Intl.DateTimeFormat("en", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}
