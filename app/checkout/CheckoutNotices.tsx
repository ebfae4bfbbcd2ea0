import { useId } from "react";
import { RENEWAL_GRACE_DAYS } from "../../common/access-period";
import { useTranslation } from "../i18n/use-translation";
import type { FieldErrors, FormValues } from "./fields";

/** What the action sends back when the order did not go through: the state, what was typed, a fresh key. */
export interface FailedAttempt {
  state: "invalid" | "failed" | "unavailable" | "rateLimited" | "blocked" | "renewalRefused";
  reason?: string;
  errors: FieldErrors;
  values: FormValues;
  /** The name of the country in `values`, as the country list writes it. */
  countryName?: string;
  idempotencyKey: string;
  /** The renewal token the action accepted, kept for the next attempt. */
  renewToken?: string;
}

export type RenewalNotice = "welcome" | "expired" | "revoked" | "too-late";

const renewalTexts = {
  welcome: ["checkout.renewWelcome", "checkout.renewWelcomeText"],
  expired: ["checkout.renewExpired", "checkout.renewExpiredText"],
  revoked: ["checkout.renewRevoked", "checkout.renewRevokedText"],
  "too-late": ["checkout.renewTooLate", "checkout.renewTooLateText"],
} as const;

/**
 * The test-mode notice, the "welcome back" after the processor's page or from a renewal link (or that the
 * link has expired), and why the last attempt failed.
 */
export function CheckoutNotices({
  testMode,
  resumed,
  renewal,
  failed,
}: {
  testMode: boolean;
  resumed?: boolean;
  renewal?: RenewalNotice;
  failed?: FailedAttempt;
}) {
  const { t } = useTranslation();
  const testModeId = useId();
  return (
    <>
      {testMode && (
        <aside aria-labelledby={testModeId} className="mb-8 rounded-card border border-amber-300/40 bg-amber-300/10 p-5 text-sm">
          <h2 id={testModeId} className="font-bold text-amber-200">
            {t("checkout.testModeTitle")}
          </h2>
          <p className="mt-1 text-amber-100/90">{t("checkout.testModeText")}</p>
        </aside>
      )}
      {resumed && (
        <div role="status" className="mb-8 rounded-card border border-line bg-surface p-5">
          <p className="font-bold text-text">{t("checkout.resumed")}</p>
        </div>
      )}
      {renewal && (
        <div role="status" className="mb-8 rounded-card border border-line bg-surface p-5">
          <p className="font-bold text-text">{t(renewalTexts[renewal][0])}</p>
          <p className="mt-1 text-sm text-text/90">{t(renewalTexts[renewal][1], { days: RENEWAL_GRACE_DAYS })}</p>
        </div>
      )}
      {failed && failed.state !== "invalid" && (
        <div role="alert" className="mb-8 rounded-card border border-danger/50 bg-danger/10 p-5">
          <p className="font-bold text-text">{failed.state === "failed" ? t("checkout.failure") : t(`checkout.${failed.state}`)}</p>
          {failed.state === "failed" && (
            <p className="mt-1 text-sm text-text/90">{t(`checkout.declined.${failed.reason}` as "checkout.declined.declined")}</p>
          )}
        </div>
      )}
    </>
  );
}
