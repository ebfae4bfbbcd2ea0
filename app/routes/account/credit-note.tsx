import { Link } from "react-router";
import { languageFromPath, requestPathname } from "../../../common/languages";
import { CreditNotePage } from "../../account/credit-note/CreditNotePage";
import { loadCreditNotePage } from "../../account/credit-note/page.server";
import { textLink } from "../../account/dashboard/ui";
import { accountMeta } from "../../account/meta";
import { useAccountText } from "../../account/text";
import { AccountUnavailable } from "../../account/Unavailable";
import { actionOrLoaderHeaders } from "../../cache-control";
import { useLocalizedPath } from "../../i18n/use-language";
import type { Route } from "./+types/credit-note";

/** A credit note of the signed-in customer's orders (issue 23). Never cached: it names the customer. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadCreditNotePage(context, request, params.number, languageFromPath(requestPathname(request)));
}

export const headers: Route.HeadersFunction = actionOrLoaderHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  accountMeta(matches, loaderData?.state === "found" ? loaderData.note.number : undefined);

function NotFound() {
  const { t } = useAccountText();
  const localized = useLocalizedPath();
  return (
    <>
      <h1 className="text-3xl font-extrabold tracking-tight text-text">{t("common.title")}</h1>
      <p role="alert" className="mt-4 text-lg text-muted">
        {t("invoice.creditNoteNotFound")}
      </p>
      <p className="mt-6">
        <Link to={localized("/account")} reloadDocument className={textLink}>
          {t("invoice.back")}
        </Link>
      </p>
    </>
  );
}

export default function AccountCreditNote({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === "unavailable") return <AccountUnavailable />;
  if (loaderData.state === "not-found") return <NotFound />;
  return <CreditNotePage note={loaderData.note} />;
}
