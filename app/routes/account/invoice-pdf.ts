import { languageFromPath, requestPathname } from "../../../common/languages";
import { documentPdfDownload } from "../../account/invoice/pdf-download.server";
import type { Route } from "./+types/invoice-pdf";

/** An invoice of the signed-in customer's orders as a PDF file, in the page's language. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return documentPdfDownload(context, request, "invoice", params.number, languageFromPath(requestPathname(request)));
}
