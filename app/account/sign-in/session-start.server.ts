import { redirect } from "react-router";
import { type Language, localizePath } from "../../../common/languages";
import { createCustomerSession } from "../../../server/db/customer-sessions.ts";
import type { Database } from "../../../server/db/database.ts";
import { privateNoStore } from "../../cache-control";
import { clientAddress } from "../../rate-limit.server";
import { sessionCookies, withCookies } from "../session.server";

/**
 * The mailbox was proved (a link or a code): a new session, remembering the browser's time zone for the
 * account's dates, and the account's page in the page's language.
 */
export async function startSessionAndGoHome(
  db: Database,
  request: Request,
  { email, timeZone }: { email: string; timeZone: FormDataEntryValue | undefined },
  language: Language,
): Promise<Response> {
  // The browser's zone, from the form's TimeZoneField; createCustomerSession keeps it only if it is a real one.
  const zone = typeof timeZone === "string" ? timeZone : null;
  const token = await createCustomerSession(db, { email, address: clientAddress(request), timeZone: zone });
  return redirect(localizePath("/account", language), { headers: withCookies(sessionCookies(request, token), privateNoStore) });
}
