import { languageFromPath, localizePath, requestPathname } from "../../../common/languages";
import { readForm } from "../../../common/read-form.ts";
import { CardPage } from "../../account/automatic-renewal/CardPage";
import { cardPageAction, loadCardPage } from "../../account/automatic-renewal/card-page.server";
import { accountMeta } from "../../account/meta";
import { actionOrLoaderHeaders } from "../../cache-control";
import { useLanguage } from "../../i18n/use-language";
import type { Route } from "./+types/card";

/** `/account/card/:id`: another card for an automatic renewal (our form, or the processor's page). Never cached. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadCardPage(context, request, params.id, languageFromPath(requestPathname(request)));
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = (await readForm(request)) ?? {};
  return cardPageAction(context, request, params.id, form, languageFromPath(requestPathname(request)));
}

export const headers: Route.HeadersFunction = actionOrLoaderHeaders;

export const meta: Route.MetaFunction = ({ matches }) => accountMeta(matches);

export default function AccountCard({ loaderData, actionData }: Route.ComponentProps) {
  const language = useLanguage();
  return <CardPage page={actionData ?? loaderData} accountHref={localizePath("/account", language)} />;
}
