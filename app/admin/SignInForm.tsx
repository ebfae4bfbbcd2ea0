import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { site } from "../../content/site";
import { useAdminText } from "./text";

interface SignInFormProps {
  step: "password" | "code";
  next: string;
  notice: "signedOut" | "signedOutEverywhere" | "expired" | null;
  problem?: "failed" | "limited" | "codeFailed" | "unavailable";
  email?: string;
}

/** A labelled input of the sign-in form. */
function Field({ id, label, ...input }: { id: string; label: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-text">
        {label}
      </label>
      <input
        id={id}
        name={id}
        required
        className="mt-1.5 block w-full min-h-12 rounded-xl border border-line bg-ink px-4 text-text"
        {...input}
      />
    </div>
  );
}

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
            <Field id="code" label={t("login.code")} autoComplete="one-time-code" spellCheck={false} maxLength={20} />
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
          <Field id="email" label={t("login.email")} type="email" autoComplete="username" defaultValue={email} maxLength={254} />
          <Field id="password" label={t("login.password")} type="password" autoComplete="current-password" maxLength={1024} />
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
