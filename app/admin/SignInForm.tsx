import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { site } from "../../content/site";
import { useAdminText } from "./text";

interface SignInFormProps {
  step: "password" | "code";
  next: string;
  notice: "signedOut" | "signedOutEverywhere" | "expired" | null;
  problem?: "failed" | "limited" | "codeFailed";
  email?: string;
}

const inputClass = "mt-1.5 block w-full min-h-12 rounded-xl border border-line bg-ink px-4 text-text";
const labelClass = "block text-sm font-medium text-text";

/** The sign-in form: e-mail and password, then the code when the operator has two-step sign-in. */
export function SignInForm({ step, next, notice, problem, email }: SignInFormProps) {
  const { t } = useAdminText();
  const busy = useNavigation().state !== "idle";
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => alertRef.current?.focus(), []);
  return (
    <section className="mx-auto max-w-md">
      <h1 className="text-3xl font-extrabold text-text">{step === "code" ? t("login.secondFactorHeading") : t("login.heading")}</h1>
      {notice && !problem && (
        <p role="status" className="mt-4 rounded-card border border-line bg-surface p-4 text-text">
          {t(`login.${notice}`)}
        </p>
      )}
      {problem && (
        <div
          ref={alertRef}
          tabIndex={-1}
          role="alert"
          className="mt-4 rounded-card border border-danger/50 bg-danger/10 p-4 text-text outline-none"
        >
          {t(`login.${problem}`)}
        </div>
      )}
      {step === "code" ? (
        <>
          <p className="mt-4 text-muted">{t("login.secondFactorText", { brand: site.brand.name })}</p>
          <Form method="post" className="mt-6 grid gap-5">
            <input type="hidden" name="next" value={next} />
            <div>
              <label htmlFor="code" className={labelClass}>
                {t("login.code")}
              </label>
              <input
                id="code"
                name="code"
                required
                autoComplete="one-time-code"
                inputMode="text"
                spellCheck={false}
                maxLength={20}
                className={inputClass}
              />
            </div>
            <button
              type="submit"
              name="intent"
              value="code"
              disabled={busy}
              className="min-h-12 rounded-full bg-cta px-6 font-semibold text-white disabled:opacity-60"
            >
              {t("login.verify")}
            </button>
          </Form>
          <Form method="post" className="mt-4">
            <input type="hidden" name="next" value={next} />
            <button type="submit" name="intent" value="start-over" className="min-h-11 text-sm text-muted underline underline-offset-2">
              {t("login.startOver")}
            </button>
          </Form>
        </>
      ) : (
        <Form method="post" className="mt-6 grid gap-5">
          <input type="hidden" name="next" value={next} />
          <div>
            <label htmlFor="email" className={labelClass}>
              {t("login.email")}
            </label>
            <input
              id="email"
              name="email"
              type="email"
              required
              autoComplete="username"
              defaultValue={email}
              maxLength={254}
              className={inputClass}
            />
          </div>
          <div>
            <label htmlFor="password" className={labelClass}>
              {t("login.password")}
            </label>
            <input
              id="password"
              name="password"
              type="password"
              required
              autoComplete="current-password"
              maxLength={1024}
              className={inputClass}
            />
          </div>
          <button
            type="submit"
            name="intent"
            value="password"
            disabled={busy}
            className="min-h-12 rounded-full bg-cta px-6 font-semibold text-white disabled:opacity-60"
          >
            {t("login.submit")}
          </button>
        </Form>
      )}
    </section>
  );
}
