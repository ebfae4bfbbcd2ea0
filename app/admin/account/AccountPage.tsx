import { useSearchParams } from "react-router";
import { useAdminText } from "../text";
import { LanguageSection, SessionsSection } from "./AccountSections";
import { TwoFactorSection } from "./TwoFactorSection";
import type { TwoFactorState } from "./two-factor.server";

export interface AccountOutcome {
  done?: "languageSaved" | "enabled" | "disabled";
  problem?: "codeFailed" | "keyMissing" | "requiredCannotDisable" | "limited";
  recoveryCodes?: string[];
}

/** The operator's own settings: the console's language, two-step sign-in, and their sessions. */
export function AccountPage({ twoFactor, required, outcome }: { twoFactor: TwoFactorState; required: boolean; outcome?: AccountOutcome }) {
  const { t } = useAdminText();
  const [params] = useSearchParams();
  const saved = params.get("saved") === "language" ? "languageSaved" : undefined;
  const done = outcome?.done ?? saved;
  return (
    <div className="grid gap-8">
      <h1 className="text-3xl font-extrabold text-text">{t("account.heading")}</h1>
      {done && done !== "enabled" && (
        <p role="status" className="rounded-card border border-success/40 bg-success/10 p-4 text-text">
          {t(`account.${done}`)}
        </p>
      )}
      {outcome?.problem && (
        <p role="alert" className="rounded-card border border-danger/50 bg-danger/10 p-4 text-text">
          {t(`account.${outcome.problem}`)}
        </p>
      )}
      <TwoFactorSection state={twoFactor} required={required} recoveryCodes={outcome?.recoveryCodes} />
      <LanguageSection />
      <SessionsSection />
    </div>
  );
}
