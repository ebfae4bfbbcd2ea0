import { languageFromPath, localizePath, requestPathname } from "../../../common/languages";
import { StopRenewingPage } from "../../account/automatic-renewal/StopRenewingPage";
import { loadStopPage, stopPageAction } from "../../account/automatic-renewal/stop-page.server";
import { accountMeta } from "../../account/meta";
import { actionOrLoaderHeaders } from "../../cache-control";
import { useLanguage } from "../../i18n/use-language";
import type { Route } from "./+types/stop-renewing";

/** `/account/stop-renewing/:id`: the confirmation of "Stop renewing", and the POST that stops it. Never cached. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadStopPage(context, request, params.id, languageFromPath(requestPathname(request)));
}

export function action({ request, context, params }: Route.ActionArgs) {
  return stopPageAction(context, request, params.id, languageFromPath(requestPathname(request)));
}

export const headers: Route.HeadersFunction = actionOrLoaderHeaders;

export const meta: Route.MetaFunction = ({ matches }) => accountMeta(matches);

export default function StopRenewing({ loaderData, actionData }: Route.ComponentProps) {
  const language = useLanguage();
  return <StopRenewingPage page={actionData ?? loaderData} accountHref={localizePath("/account", language)} />;
}
