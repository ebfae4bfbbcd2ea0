import { data } from "react-router";
import { languageFromPath, requestPathname } from "../../../common/languages";
import { readForm } from "../../../common/read-form.ts";
import { logger } from "../../../server/logger.ts";
import { dashboardAction } from "../../account/dashboard/actions.server";
import { Dashboard } from "../../account/dashboard/Dashboard";
import { loadDashboard } from "../../account/dashboard/load.server";
import { accountMeta } from "../../account/meta";
import { currentSession } from "../../account/session.server";
import { requestSignIn } from "../../account/sign-in/request.server";
import { SignInStart } from "../../account/sign-in/SignInStart";
import { AccountUnavailable } from "../../account/Unavailable";
import { actionOrLoaderHeaders, privateNoStore } from "../../cache-control";
import { servicesOf } from "../../services.server";
import type { Route } from "./+types/index";

/**
 * `/account`: the sign-in form to a visitor without a session, their subscriptions, orders, preferences and
 * data to a signed-in customer. Nothing here may be kept by any cache.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const language = languageFromPath(requestPathname(request));
  try {
    const services = await servicesOf(context);
    const session = await currentSession(services.db, request);
    if (!session) return data({ state: "signed-out" as const }, { headers: privateNoStore });
    return data({ state: "signed-in" as const, dashboard: await loadDashboard(services, session, language) }, { headers: privateNoStore });
  } catch (error) {
    logger.error({ reason: (error as Error).message }, "The account page could not be loaded");
    return data({ state: "unavailable" as const }, { status: 503, headers: privateNoStore });
  }
}

/** The sign-in request (anyone), or a signed-in customer's change of preferences. */
export async function action({ request, context }: Route.ActionArgs) {
  const language = languageFromPath(requestPathname(request));
  const form = (await readForm(request)) ?? {};
  if (form.intent === "sign-in") return requestSignIn(context, request, form, language);
  return dashboardAction(context, request, form, language);
}

export const headers: Route.HeadersFunction = actionOrLoaderHeaders;

export const meta: Route.MetaFunction = ({ matches }) => accountMeta(matches);

export default function AccountHome({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state === "unavailable") return <AccountUnavailable />;
  if (loaderData.state === "signed-out") return <SignInStart answer={actionData} />;
  return <Dashboard data={loaderData.dashboard} answer={actionData} />;
}
