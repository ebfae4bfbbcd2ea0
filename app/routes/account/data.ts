import { redirect } from "react-router";
import { languageFromPath, localizePath, requestPathname } from "../../../common/languages";
import { site } from "../../../content/site";
import { customerRecords } from "../../../server/db/customer-data.ts";
import { logger } from "../../../server/logger.ts";
import { buildExport, exportFileName } from "../../account/data/export";
import { accountMessages } from "../../account/messages.server";
import { currentSession } from "../../account/session.server";
import { stepUpFirst } from "../../account/sign-in/step-up.server";
import { privateNoStore } from "../../cache-control";
import { servicesOf } from "../../services.server";
import type { Route } from "./+types/data";

/**
 * `/account/data`: "Download my data", the signed-in customer's file of everything the shop holds about
 * their address (app/account/data/export.ts). A visitor without a session is sent to the sign-in, and a
 * session that proved its mailbox over 10 minutes ago to a fresh code first.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const language = languageFromPath(requestPathname(request));
  const texts = accountMessages[language];
  try {
    const { db } = await servicesOf(context);
    const session = await currentSession(db, request);
    if (!session) return redirect(localizePath("/account", language), { headers: privateNoStore });
    const stale = stepUpFirst(session, requestPathname(request), language);
    if (stale) return stale;
    const now = new Date();
    const file = buildExport(await customerRecords(db, session.email), texts.data.export, now);
    return new Response(`${JSON.stringify(file, null, 2)}\n`, {
      headers: {
        ...privateNoStore,
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="${exportFileName(site.brand.name, now)}"`,
      },
    });
  } catch (error) {
    logger.error({ reason: (error as Error).message }, "The customer's data could not be exported");
    return new Response(texts.common.unavailable, {
      status: 503,
      headers: { ...privateNoStore, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}
