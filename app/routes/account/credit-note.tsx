import { languageFromPath, requestPathname } from "../../../common/languages";
import { CreditNotePage } from "../../account/credit-note/CreditNotePage";
import { loadCreditNotePage } from "../../account/credit-note/page.server";
import { DocumentNotFound } from "../../account/invoice/DocumentNotFound";
import { accountMeta } from "../../account/meta";
import { AccountUnavailable } from "../../account/Unavailable";
import { actionOrLoaderHeaders } from "../../cache-control";
import type { Route } from "./+types/credit-note";

/** A credit note of the signed-in customer's orders. Never cached: it names the customer. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadCreditNotePage(context, request, params.number, languageFromPath(requestPathname(request)));
}

export const headers: Route.HeadersFunction = actionOrLoaderHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  accountMeta(matches, loaderData?.state === "found" ? loaderData.note.number : undefined);

export default function AccountCreditNote({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === "unavailable") return <AccountUnavailable />;
  if (loaderData.state === "not-found") return <DocumentNotFound document="creditNote" />;
  return <CreditNotePage note={loaderData.note} />;
}
