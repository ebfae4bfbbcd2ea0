import { data, type RouterContextProvider, redirect } from "react-router";
import { type Language, localizePath } from "../../../common/languages";
import { logger } from "../../../server/logger.ts";
import { privateNoStore } from "../../cache-control";
import { servicesOf } from "../../services.server";
import { currentSession } from "../session.server";
import { parsePreferences, savePreferences } from "./preferences.server";

/** What the dashboard says after one of its forms; the page's data is loaded afresh after it. */
export type DashboardAnswer = { form: "preferences"; outcome: "saved" | "invalid" | "unavailable" } | { form: "unknown" };

const answer = (body: DashboardAnswer, status = 200) => data(body, { status, headers: privateNoStore });

/**
 * A signed-in customer's change from the dashboard. Without a session (it ended, or this is a stray post) the
 * visitor is sent to the sign-in page, and nothing changes.
 */
export async function dashboardAction(
  context: Readonly<RouterContextProvider>,
  request: Request,
  form: Record<string, FormDataEntryValue>,
  language: Language,
) {
  if (form.intent !== "preferences") return answer({ form: "unknown" }, 400);
  try {
    const { db } = await servicesOf(context);
    const session = await currentSession(db, request);
    if (!session) return redirect(localizePath("/account", language), { status: 303, headers: privateNoStore });
    const chosen = parsePreferences(form);
    if (!chosen) return answer({ form: "preferences", outcome: "invalid" }, 400);
    await savePreferences(db, session.email, chosen, language);
    return answer({ form: "preferences", outcome: "saved" });
  } catch (error) {
    logger.error({ reason: (error as Error).message }, "The account's preferences could not be saved");
    return answer({ form: "preferences", outcome: "unavailable" }, 503);
  }
}
