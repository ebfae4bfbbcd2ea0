import { useEffect, useRef } from "react";

/**
 * A hidden field carrying the browser's time zone with the form that opens a session, so the account writes
 * its dates in the customer's zone. Filled once the page is hydrated; without JavaScript it stays empty and
 * the dates are in UTC, naming the zone. Nothing visible changes.
 */
export function TimeZoneField() {
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (field.current) field.current.value = Intl.DateTimeFormat().resolvedOptions().timeZone;
  }, []);
  return <input ref={field} type="hidden" name="timeZone" defaultValue="" />;
}
