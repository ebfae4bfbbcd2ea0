import { Form, Link } from "react-router";
import { localizePath } from "../../../common/languages";
import { readForm } from "../../../common/read-form.ts";
import { accountMeta } from "../../account/meta";
import { Notice, primaryButton, SignInPage, secondaryButton } from "../../account/sign-in/SignInPage";
import { loadSignOut, type SignOutState, signOut } from "../../account/sign-in/sign-out.server";
import { useAccountText } from "../../account/text";
import { AccountUnavailable } from "../../account/Unavailable";
import { actionOrLoaderHeaders } from "../../cache-control";
import type { Route } from "./+types/sign-out";

/** `/account/sign-out`: "Sign out" and "Sign out everywhere", posted here from the account's page or this one. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadSignOut(context, request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return signOut(context, request, (await readForm(request)) ?? {});
}

export const headers: Route.HeadersFunction = actionOrLoaderHeaders;

export const meta: Route.MetaFunction = ({ matches }) => accountMeta(matches);

export default function AccountSignOut({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useAccountText();
  const state = (actionData ?? loaderData) as SignOutState;
  if (state.state === "unavailable") return <AccountUnavailable />;
  const home = localizePath("/account", language);
  if (state.state !== "ask") {
    const said = {
      "signed-out": "signIn.signedOut",
      "signed-out-everywhere": "signIn.signedOutEverywhere",
      "not-signed-in": "signIn.notSignedIn",
    } as const;
    return (
      <SignInPage title={t("signIn.signOutTitle")}>
        <Notice tone="good">{t(said[state.state])}</Notice>
        <Link to={home} className={`mt-8 inline-flex items-center ${primaryButton}`}>
          {t("signIn.signInAgain")}
        </Link>
      </SignInPage>
    );
  }
  return (
    <SignInPage title={t("signIn.signOutTitle")} lead={t("signIn.signOutLead")}>
      <Form method="post" action={localizePath("/account/sign-out", language)} className="mt-8 flex flex-wrap gap-4">
        <button type="submit" name="intent" value="sign-out" className={primaryButton}>
          {t("signIn.signOutButton")}
        </button>
        <button type="submit" name="intent" value="sign-out-everywhere" className={secondaryButton}>
          {t("signIn.signOutEverywhereButton")}
        </button>
      </Form>
      <Link to={home} className="mt-6 inline-flex min-h-11 items-center text-accent underline underline-offset-2">
        {t("signIn.backToAccount")}
      </Link>
    </SignInPage>
  );
}
