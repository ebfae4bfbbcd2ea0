import { useEffect, useState } from "react";

/**
 * A hidden field carrying the browser's time zone with the form that opens a session, so the account writes
 * its dates in the customer's zone. Filled once the page is hydrated; without JavaScript it stays empty and
 * the dates are in UTC, naming the zone. Nothing visible changes. Held in state: a hidden input's value is
 * its default value, which React would set back to the rendered one on the next render.
 */
export function TimeZoneField() {
  const [zone, setZone] = useState("");
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone), []);
  return <input type="hidden" name="timeZone" value={zone} />;
}
