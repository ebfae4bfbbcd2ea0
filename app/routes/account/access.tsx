import { Link } from "react-router";
import { languageFromPath, requestPathname } from "../../../common/languages";
import { readForm } from "../../../common/read-form.ts";
import { AccessPage } from "../../account/access/AccessPage";
import { type AccessAnswer, accessPageAction, loadAccessPage } from "../../account/access/page.server";
import { accountMeta } from "../../account/meta";
import { useAccountText } from "../../account/text";
import { AccountUnavailable } from "../../account/Unavailable";
import { actionOrLoaderHeaders } from "../../cache-control";
import { useLocalizedPath } from "../../i18n/use-language";
import type { Route } from "./+types/access";

/** One access of the signed-in customer: its details on request, and the access mail again. Never cached. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadAccessPage(context, request, params.reference, languageFromPath(requestPathname(request)));
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = (await readForm(request)) ?? {};
  return accessPageAction(context, request, params.reference, form, languageFromPath(requestPathname(request)));
}

export const headers: Route.HeadersFunction = actionOrLoaderHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  accountMeta(matches, loaderData?.state === "found" ? loaderData.access.reference : undefined);

function NotFound() {
  const { t } = useAccountText();
  const localized = useLocalizedPath();
  return (
    <>
      <h1 className="text-3xl font-extrabold tracking-tight text-text">{t("common.title")}</h1>
      <p role="alert" className="mt-4 text-lg text-muted">
        {t("dashboard.access.notFound")}
      </p>
      <p className="mt-6">
        <Link to={localized("/account")} reloadDocument className="text-accent underline underline-offset-2 hover:text-text">
          {t("dashboard.access.back")}
        </Link>
      </p>
    </>
  );
}

export default function AccountAccess({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state === "unavailable") return <AccountUnavailable />;
  if (loaderData.state === "not-found") return <NotFound />;
  const answer = actionData && "intent" in actionData ? (actionData as AccessAnswer) : undefined;
  return <AccessPage access={loaderData.access} answer={answer} renewal={loaderData.renewal} />;
}
