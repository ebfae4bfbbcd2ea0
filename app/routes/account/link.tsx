import { Form } from "react-router";
import { languageFromPath, requestPathname } from "../../../common/languages";
import { readForm } from "../../../common/read-form.ts";
import { accountMeta } from "../../account/meta";
import { type LinkState, lookAtLink, signInByLink } from "../../account/sign-in/link.server";
import { RequestForm } from "../../account/sign-in/RequestForm";
import { Notice, primaryButton, SignInPage } from "../../account/sign-in/SignInPage";
import { TimeZoneField } from "../../account/sign-in/TimeZoneField";
import { useAccountText } from "../../account/text";
import { AccountUnavailable } from "../../account/Unavailable";
import { actionOrLoaderHeaders } from "../../cache-control";
import type { Route } from "./+types/link";

/**
 * `/account/link?token=…`, the link of a sign-in mail. Opening it signs no one in (see link.server.ts): it
 * shows a button, whose post uses the link and opens the session.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return lookAtLink(context, request);
}

export async function action({ request, context }: Route.ActionArgs) {
  const language = languageFromPath(requestPathname(request));
  return signInByLink(context, request, (await readForm(request)) ?? {}, language);
}

export const headers: Route.HeadersFunction = actionOrLoaderHeaders;

export const meta: Route.MetaFunction = ({ matches }) => accountMeta(matches);

export default function AccountLink({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAccountText();
  const state = (actionData ?? loaderData) as LinkState;
  if (state.state === "unavailable") return <AccountUnavailable />;
  if (state.state === "over") {
    return (
      <SignInPage title={t("signIn.linkOverTitle")}>
        <Notice tone="bad">{t("signIn.linkOverLead")}</Notice>
        <RequestForm />
      </SignInPage>
    );
  }
  return (
    <SignInPage title={t("signIn.linkTitle")} lead={t("signIn.linkLead")}>
      {/* The token stays in the page's address (the form posts back to it), so nothing new carries it. */}
      <Form method="post" className="mt-8">
        <TimeZoneField />
        <button type="submit" className={primaryButton}>
          {t("signIn.linkButton")}
        </button>
      </Form>
    </SignInPage>
  );
}
