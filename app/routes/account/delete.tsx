import { data, redirect } from "react-router";
import { languageFromPath, localizePath, requestPathname } from "../../../common/languages";
import { readForm } from "../../../common/read-form.ts";
import { serverConfig } from "../../../server/config.ts";
import { logger } from "../../../server/logger.ts";
import { DeleteAccount, type DeleteState } from "../../account/data/DeleteAccount";
import { eraseAccount } from "../../account/data/erase.server";
import { accountMeta } from "../../account/meta";
import { clearedSessionCookies, currentSession, withCookies } from "../../account/session.server";
import { stepUpFirst } from "../../account/sign-in/step-up.server";
import { actionOrLoaderHeaders, privateNoStore } from "../../cache-control";
import { servicesOf } from "../../services.server";
import type { Route } from "./+types/delete";

const unavailable = () => data<DeleteState>({ state: "unavailable" }, { status: 503, headers: privateNoStore });

/** The query of the page after a deletion: how many paid orders were kept (a count, nothing personal). */
const DELETED = "deleted";

function keptAfterDeletion(request: Request): number | undefined {
  const value = new URL(request.url).searchParams.get(DELETED) ?? "";
  return /^\d{1,4}$/.test(value) ? Number(value) : undefined;
}

/**
 * The signed-in customer's session, or the answer for everyone else: the sign-in page; and for a session that
 * proved its mailbox over 10 minutes ago, the way to a fresh code (`stale`), back to this page.
 */
async function signedIn(request: Request, context: Route.LoaderArgs["context"]) {
  const { db } = await servicesOf(context);
  const session = await currentSession(db, request);
  const path = requestPathname(request);
  const language = languageFromPath(path);
  const signIn = redirect(localizePath("/account", language), { headers: privateNoStore });
  return { db, session, signIn, stale: session && stepUpFirst(session, path, language) };
}

/**
 * `/account/delete`: what deleting the account erases and keeps, and the confirmation that does it; both only
 * for a session that proved its mailbox in the last 10 minutes.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    const { session, signIn, stale } = await signedIn(request, context);
    if (stale) return stale;
    const years = serverConfig().ORDER_RETENTION_YEARS;
    if (session) return data<DeleteState>({ state: "ask", email: session.email, years }, { headers: privateNoStore });
    const kept = keptAfterDeletion(request);
    if (kept === undefined) return signIn;
    return data<DeleteState>({ state: "done", kept, years }, { headers: privateNoStore });
  } catch (error) {
    logger.error({ reason: (error as Error).message }, "The account deletion page could not be loaded");
    return unavailable();
  }
}

/** Erases only with the box ticked; then the session is gone, and so are this browser's cookies. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = (await readForm(request)) ?? {};
  try {
    const { db, session, signIn, stale } = await signedIn(request, context);
    if (!session) return signIn;
    if (stale) return stale;
    const years = serverConfig().ORDER_RETENTION_YEARS;
    if (form.confirm !== "yes") {
      return data<DeleteState>({ state: "ask", email: session.email, years, unconfirmed: true }, { status: 400, headers: privateNoStore });
    }
    const summary = await eraseAccount(db, session.email, { retentionYears: years });
    // Post, redirect, get: the page after the action has no session to load, and a reload posts nothing.
    const done = `${requestPathname(request)}?${DELETED}=${summary.ordersKept.length}`;
    return redirect(done, { headers: withCookies(clearedSessionCookies(request), privateNoStore) });
  } catch (error) {
    logger.error({ reason: (error as Error).message }, "A customer's account could not be deleted");
    return unavailable();
  }
}

export const headers: Route.HeadersFunction = actionOrLoaderHeaders;

export const meta: Route.MetaFunction = ({ matches }) => accountMeta(matches);

export default function DeleteAccountPage({ loaderData, actionData }: Route.ComponentProps) {
  return <DeleteAccount state={actionData ?? loaderData} />;
}
