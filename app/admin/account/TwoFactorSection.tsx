import { Form } from "react-router";
import { useAdminText } from "../text";
import { buttonClass, inputClass, sectionClass } from "./AccountSections";
import type { TwoFactorState } from "./two-factor.server";

const codeField = (label: string) => (
  <div>
    <label htmlFor="totp-code" className="block text-sm font-medium text-text">
      {label}
    </label>
    <input id="totp-code" name="code" required autoComplete="one-time-code" spellCheck={false} maxLength={20} className={inputClass} />
  </div>
);

/** Two-step sign-in: its state, setting it up with a QR code, the recovery codes once, turning it off. */
export function TwoFactorSection({
  state,
  required,
  recoveryCodes,
}: {
  state: TwoFactorState;
  required: boolean;
  recoveryCodes?: string[];
}) {
  const { t, language } = useAdminText();
  const date = state.enabledAt ? new Intl.DateTimeFormat(language, { dateStyle: "long" }).format(new Date(state.enabledAt)) : "";
  return (
    <section aria-labelledby="two-factor-heading" className={sectionClass}>
      <h2 id="two-factor-heading" className="text-xl font-bold text-text">
        {t("account.twoFactorHeading")}
      </h2>
      {recoveryCodes ? (
        <div role="status" className="mt-4">
          <p className="font-semibold text-text">{t("account.enabled")}</p>
          <h3 className="mt-4 font-bold text-text">{t("account.recoveryHeading")}</h3>
          <p className="mt-1 text-muted">{t("account.recoveryText")}</p>
          <ul className="mt-3 grid max-w-md grid-cols-2 gap-2 font-mono text-text" data-recovery-codes>
            {recoveryCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
        </div>
      ) : state.enabledAt ? (
        <>
          <p className="mt-2 text-muted">
            {t("account.onSince", { date })} {t("account.recoveryLeft", { count: state.recoveryCodesLeft })}
          </p>
          {!required && (
            <Form method="post" className="mt-4 flex flex-wrap items-end gap-4">
              {codeField(t("account.disableConfirm"))}
              <button
                type="submit"
                name="intent"
                value="disable-2fa"
                className="min-h-11 rounded-full border border-line px-5 font-semibold text-text"
              >
                {t("account.disable")}
              </button>
            </Form>
          )}
        </>
      ) : state.setup ? (
        <>
          <p className="mt-2 text-muted">{t("account.scan")}</p>
          <div className="mt-4 w-48 rounded-xl bg-white p-2" dangerouslySetInnerHTML={{ __html: state.setup.qr }} />
          <p className="mt-3 text-sm text-muted" data-totp-secret={state.setup.secret.replace(/\s/g, "")}>
            {t("account.manualKey", { secret: state.setup.secret })}
          </p>
          <Form method="post" className="mt-4 flex flex-wrap items-end gap-4">
            {codeField(t("login.code"))}
            <button type="submit" name="intent" value="confirm-2fa" className={buttonClass}>
              {t("account.confirm")}
            </button>
          </Form>
        </>
      ) : (
        <>
          <p className="mt-2 text-muted">{required ? t("account.twoFactorRequired") : t("account.twoFactorOff")}</p>
          {state.keyMissing ? (
            <p className="mt-2 text-danger">{t("account.keyMissing")}</p>
          ) : (
            <Form method="post" className="mt-4">
              <button type="submit" name="intent" value="start-2fa" className={buttonClass}>
                {t("account.start")}
              </button>
            </Form>
          )}
        </>
      )}
    </section>
  );
}
