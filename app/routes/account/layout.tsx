import { Outlet } from "react-router";
import { languageFromPath, requestPathname } from "../../../common/languages";
import { accountMessages } from "../../account/messages.server";
import { AccountTextContext, accountText } from "../../account/text";
import { actionOrLoaderHeaders } from "../../cache-control";
import type { PageHandle } from "../../page-handle";
import type { Route } from "./+types/layout";

/**
 * The customer's pages: signing in sends the browser's time zone, which only a script can read, so it loads at
 * once; and they show the customer's records, so they are isolated.
 */
export const handle: PageHandle = { hydrate: "after-paint", personal: true };

/** Every account page, in the URL's language, with the account's own texts (never in the public bundles). */
export function loader({ request }: Route.LoaderArgs) {
  const language = languageFromPath(requestPathname(request));
  return { language, messages: accountMessages[language] };
}

export const headers: Route.HeadersFunction = actionOrLoaderHeaders;

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AccountTextContext value={accountText(loaderData.messages, loaderData.language)}>
      <div className="mx-auto w-full max-w-3xl px-4 pt-28 pb-20 sm:px-6">
        <Outlet />
      </div>
    </AccountTextContext>
  );
}
