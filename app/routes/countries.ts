import { isLanguage } from "../../common/languages";
import { countryOptions } from "../checkout/countries";
import type { Route } from "./+types/countries";

/**
 * /countries/<language>.json: the country list of the checkout and the trial form, for a page reached by a
 * client navigation (`CountrySelect`). The same for everyone; it changes only with the server's Intl data.
 */
export function loader({ params }: Route.LoaderArgs) {
  const language = params.file.match(/^(.+)\.json$/)?.[1];
  if (!isLanguage(language)) return new Response(null, { status: 404, headers: { "Cache-Control": "public, max-age=3600" } });
  return new Response(JSON.stringify(countryOptions(language)), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
