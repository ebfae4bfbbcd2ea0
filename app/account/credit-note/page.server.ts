/**
 * `/account/credit-notes/:number`, on the server: a credit note of the signed-in customer's orders, drawn
 * from its snapshot and the invoice it corrects (app/invoices/document-view.ts, as its PDF). Someone else's
 * note answers 404 like a number that does not exist; every answer is `private, no-store`.
 */
import { data, type RouterContextProvider, redirect } from "react-router";
import { type Language, localizePath } from "../../../common/languages";
import { logger } from "../../../server/logger.ts";
import { privateNoStore } from "../../cache-control";
import { creditNoteView } from "../../invoices/document-view";
import { servicesOf } from "../../services.server";
import { ownCreditNote } from "../invoice/owned.server";
import { currentSession } from "../session.server";

const answer = <T>(body: T, status = 200) => data(body, { status, headers: privateNoStore });

export async function loadCreditNotePage(context: Readonly<RouterContextProvider>, request: Request, number: string, language: Language) {
  try {
    const { db } = await servicesOf(context);
    const session = await currentSession(db, request);
    if (!session) return redirect(localizePath("/account", language), { status: 303, headers: privateNoStore });
    const owned = await ownCreditNote(db, session, number);
    if (!owned) return answer({ state: "not-found" as const }, 404);
    return answer({ state: "found" as const, note: creditNoteView(owned.note, owned.invoice, owned.order.reference, language) });
  } catch (error) {
    logger.error({ reason: (error as Error).message }, "An account's credit note page could not be loaded");
    return answer({ state: "unavailable" as const }, 503);
  }
}
