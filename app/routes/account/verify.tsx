import { Form } from "react-router";
import { languageFromPath, localizePath, requestPathname } from "../../../common/languages";
import { readForm } from "../../../common/read-form.ts";
import { accountMeta } from "../../account/meta";
import { CodeForm } from "../../account/sign-in/CodeForm";
import { Notice, primaryButton, SignInPage, secondaryButton } from "../../account/sign-in/SignInPage";
import { loadVerify, type VerifyState, verifyAction } from "../../account/sign-in/verify.server";
import { useAccountText } from "../../account/text";
import { AccountUnavailable } from "../../account/Unavailable";
import { actionOrLoaderHeaders } from "../../cache-control";
import type { Route } from "./+types/verify";

/**
 * `/account/verify?next=…`: a session that proved its mailbox more than 10 minutes ago confirms it afresh
 * with a code from a new mail, then goes on to `next` (an account page of this site, nothing else).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadVerify(context, request, languageFromPath(requestPathname(request)));
}

export async function action({ request, context }: Route.ActionArgs) {
  return verifyAction(context, request, (await readForm(request)) ?? {}, languageFromPath(requestPathname(request)));
}

export const headers: Route.HeadersFunction = actionOrLoaderHeaders;

export const meta: Route.MetaFunction = ({ matches }) => accountMeta(matches);

export default function AccountVerify({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useAccountText();
  const state = (actionData ?? loaderData) as VerifyState;
  if (state.state === "unavailable") return <AccountUnavailable />;
  const sendForm = (
    <Form method="post" action={localizePath("/account/verify", language)} className="mt-8">
      <input type="hidden" name="intent" value="send" />
      <input type="hidden" name="next" value={state.next} />
      <button type="submit" className={state.state === "ask" ? primaryButton : secondaryButton}>
        {t("signIn.verifySend")}
      </button>
    </Form>
  );
  if (state.state !== "sent") {
    const problem = {
      void: "signIn.verifyVoid",
      over: "signIn.verifyOver",
      limited: "signIn.verifyLimited",
      locked: "signIn.verifyLocked",
    } as const;
    return (
      <SignInPage title={t("signIn.verifyTitle")} lead={t("signIn.verifyLead", { email: state.email })}>
        {state.state !== "ask" && <Notice tone="bad">{t(problem[state.state])}</Notice>}
        {state.state !== "limited" && state.state !== "locked" && sendForm}
      </SignInPage>
    );
  }
  return (
    <SignInPage title={t("signIn.verifyTitle")}>
      <Notice tone="good">{t("signIn.verifySent", { email: state.email })}</Notice>
      <CodeForm
        action={localizePath("/account/verify", language)}
        email={state.email}
        codeProblem={state.codeProblem}
        codeError={state.triesLeft === undefined ? undefined : t("signIn.codeWrong", { count: state.triesLeft })}
        submitLabel={t("signIn.verifySubmit")}
        hidden={{ intent: "code", next: state.next }}
      />
      {sendForm}
    </SignInPage>
  );
}
