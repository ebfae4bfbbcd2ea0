import { localizePath } from "../../../common/languages";
import { useAccountText } from "../text";
import { CodeForm } from "./CodeForm";
import { RequestForm } from "./RequestForm";
import type { SignInAnswer } from "./request.server";
import { Notice, SignInPage } from "./SignInPage";

/**
 * `/account` to a visitor without a session: the address, then (once asked) the same words for every
 * address, and the code form for a mail read on another device; the same when the address's mails of the
 * hour are used up, saying so, since the mails sent before still work.
 */
export function SignInStart({ answer }: { answer: unknown }) {
  const { t, language } = useAccountText();
  const state = answer as SignInAnswer | undefined;
  if (state?.state === "mailed" || state?.state === "mailLimited") {
    const mailed = state.state === "mailed";
    return (
      <SignInPage title={t(mailed ? "signIn.mailedHeading" : "signIn.mailLimitedHeading")}>
        <Notice tone={mailed ? "good" : "bad"}>
          {mailed
            ? t("signIn.mailedText", { email: state.email })
            : t("signIn.mailLimitedText", { email: state.email, count: state.minutes })}
        </Notice>
        <h2 className="mt-10 text-xl font-bold text-text">{t("signIn.codeHeading")}</h2>
        <p className="mt-2 text-muted">{t("signIn.codeLead")}</p>
        <CodeForm action={localizePath("/account/code", language)} email={state.email} submitLabel={t("signIn.codeSubmit")} />
      </SignInPage>
    );
  }
  return (
    <SignInPage title={t("signIn.title")} lead={t("signIn.lead")}>
      {state?.state === "rateLimited" && <Notice tone="bad">{t("signIn.rateLimited")}</Notice>}
      {state?.state === "unavailable" && <Notice tone="bad">{t("signIn.unavailable")}</Notice>}
      <RequestForm typed={state?.email} problem={state?.state === "invalid" ? state.problem : undefined} />
    </SignInPage>
  );
}
