import { redirect } from "react-router";
import { type Language, localizePath } from "../../../common/languages";
import { createCustomerSession } from "../../../server/db/customer-sessions.ts";
import type { Database } from "../../../server/db/database.ts";
import { privateNoStore } from "../../cache-control";
import { clientAddress } from "../../rate-limit.server";
import { sessionCookies, withCookies } from "../session.server";

/** The mailbox was proved (a link or a code): a new session, and the account's page in the page's language. */
export async function startSessionAndGoHome(db: Database, request: Request, email: string, language: Language): Promise<Response> {
  const token = await createCustomerSession(db, { email, address: clientAddress(request) });
  return redirect(localizePath("/account", language), { headers: withCookies(sessionCookies(request, token), privateNoStore) });
}
