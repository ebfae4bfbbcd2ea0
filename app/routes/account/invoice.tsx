import { languageFromPath, requestPathname } from "../../../common/languages";
import { DocumentNotFound } from "../../account/invoice/DocumentNotFound";
import { InvoicePage } from "../../account/invoice/InvoicePage";
import { loadInvoicePage } from "../../account/invoice/page.server";
import { accountMeta } from "../../account/meta";
import { AccountUnavailable } from "../../account/Unavailable";
import { actionOrLoaderHeaders } from "../../cache-control";
import type { Route } from "./+types/invoice";

/** An invoice of the signed-in customer's orders. Never cached: it names the customer. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadInvoicePage(context, request, params.number, languageFromPath(requestPathname(request)));
}

export const headers: Route.HeadersFunction = actionOrLoaderHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  accountMeta(matches, loaderData?.state === "found" ? loaderData.invoice.number : undefined);

export default function AccountInvoice({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === "unavailable") return <AccountUnavailable />;
  if (loaderData.state === "not-found") return <DocumentNotFound document="invoice" />;
  return <InvoicePage invoice={loaderData.invoice} />;
}
