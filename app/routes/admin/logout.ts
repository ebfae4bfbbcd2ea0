import { redirect } from "react-router";
import { readForm } from "../../../common/read-form.ts";
import { recordAudit } from "../../../server/admin/audit.ts";
import { endAllSessions, endSession, readSession } from "../../../server/admin/sessions.ts";
import { clearedSession, sessionCookie } from "../../admin/auth.server";
import { consoleCookie } from "../../admin/language.server";
import { clientAddress } from "../../rate-limit.server";
import { servicesOf } from "../../services.server";
import type { Route } from "./+types/logout";

/**
 * `POST /admin/logout` ends this session; with `everywhere`, every session of the operator. Either way the
 * cookie goes and the sign-in page says so. A GET (a link followed, a prefetch) changes nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const token = consoleCookie(request, sessionCookie);
  const everywhere = (await readForm(request))?.scope === "everywhere";
  const { db } = await servicesOf(context);
  const active = await readSession(db, token);
  if (active && token) {
    if (everywhere) await endAllSessions(db, active.operator.id);
    else await endSession(db, token);
    const entry = { operatorId: active.operator.id, operatorEmail: active.operator.email, address: clientAddress(request) };
    await recordAudit(db, { ...entry, action: everywhere ? "sign-out-everywhere" : "sign-out" });
  }
  return redirect(`/admin/login?out=${everywhere ? "all" : "1"}`, {
    headers: { "Cache-Control": "no-store", "Set-Cookie": clearedSession(request) },
  });
}

export function loader() {
  return redirect("/admin/login", { headers: { "Cache-Control": "no-store" } });
}
