import { data } from "react-router";
import { languageFromPath, localizePath, requestPathname } from "../../../common/languages";
import { readForm } from "../../../common/read-form.ts";
import { accountMeta } from "../../account/meta";
import { CodeForm } from "../../account/sign-in/CodeForm";
import { type CodeAnswer, signInWithCode } from "../../account/sign-in/code.server";
import { RequestForm } from "../../account/sign-in/RequestForm";
import { Notice, SignInPage } from "../../account/sign-in/SignInPage";
import { useAccountText } from "../../account/text";
import { actionOrLoaderHeaders, privateNoStore } from "../../cache-control";
import type { Route } from "./+types/code";

/**
 * `/account/code`: the 6-digit code of a sign-in mail, for a mail read on another device. Reached from the
 * `/account` page with the address in the form; opened by itself, it asks for the address too.
 */
export function loader() {
  return data(null, { headers: privateNoStore });
}

export async function action({ request, context }: Route.ActionArgs) {
  const language = languageFromPath(requestPathname(request));
  return signInWithCode(context, request, (await readForm(request)) ?? {}, language);
}

export const headers: Route.HeadersFunction = actionOrLoaderHeaders;

export const meta: Route.MetaFunction = ({ matches }) => accountMeta(matches);

export default function AccountCode({ actionData }: Route.ComponentProps) {
  const { t, language } = useAccountText();
  const answer = actionData as CodeAnswer | undefined;
  if (answer?.state === "void" || answer?.state === "over" || answer?.state === "locked") {
    const notice = { void: "signIn.codeVoid", over: "signIn.codeOver", locked: "signIn.codeLocked" } as const;
    return (
      <SignInPage title={t("signIn.codePageTitle")}>
        <Notice tone="bad">{t(notice[answer.state])}</Notice>
        <RequestForm knownEmail={answer.email} />
      </SignInPage>
    );
  }
  const carried = answer && !(answer.state === "invalid" && answer.emailProblem) ? answer.email : undefined;
  return (
    <SignInPage title={t("signIn.codePageTitle")} lead={carried ? undefined : t("signIn.codePageLead")}>
      {answer?.state === "unavailable" && <Notice tone="bad">{t("signIn.unavailable")}</Notice>}
      {answer?.state === "rateLimited" && <Notice tone="bad">{t("signIn.codeRateLimited")}</Notice>}
      <CodeForm
        action={localizePath("/account/code", language)}
        email={carried}
        typedEmail={answer?.email}
        emailProblem={answer?.state === "invalid" ? answer.emailProblem : undefined}
        codeProblem={answer?.state === "invalid" ? answer.codeProblem : undefined}
        codeError={answer?.state === "wrong" ? t("signIn.codeWrong", { count: answer.triesLeft }) : undefined}
        submitLabel={t("signIn.codeSubmit")}
      />
    </SignInPage>
  );
}
