import { Form, Link } from "react-router";
import { site } from "../../../content/site";
import { useLocalizedPath } from "../../i18n/use-language";
import { type AccountTextKey, useAccountText } from "../text";
import { AccountUnavailable } from "../Unavailable";

export type DeleteState =
  | { state: "ask"; email: string; years: number; unconfirmed?: boolean }
  | { state: "done"; kept: number; years: number }
  | { state: "unavailable" };

const erased = ["contact", "newsletter", "sessions", "mails", "orders", "access"] as const;
const kept = ["paid", "access"] as const;

const heading = "font-display text-3xl font-bold text-white";
const subheading = "mt-10 font-display text-xl font-bold text-white";
const buttonBase = "inline-flex min-h-12 items-center justify-center rounded-full px-6 font-semibold";

/** The account deletion page: what goes, what stays and for how long, the confirmation; then what was done. */
export function DeleteAccount({ state }: { state: DeleteState }) {
  const { t } = useAccountText();
  const localized = useLocalizedPath();
  if (state.state === "unavailable") return <AccountUnavailable />;
  if (state.state === "done") {
    return (
      <section aria-labelledby="deleted-title">
        <h1 id="deleted-title" className={heading}>
          {t("data.delete.doneTitle")}
        </h1>
        <p role="status" className="mt-4 text-lg text-muted">
          {t("data.delete.doneText")}
        </p>
        {state.kept > 0 && <p className="mt-4 text-muted">{t("data.delete.doneKept", { count: state.kept, years: state.years })}</p>}
        <Link to={localized("/")} className={`${buttonBase} mt-8 bg-cta text-white`}>
          {t("data.delete.backHome")}
        </Link>
      </section>
    );
  }

  const item = (key: AccountTextKey, values?: Record<string, string | number>) => <li>{t(key, values)}</li>;
  return (
    <section aria-labelledby="delete-title">
      <h1 id="delete-title" className={heading}>
        {t("data.delete.title")}
      </h1>
      <p className="mt-4 text-lg break-words text-muted">{t("data.delete.lead", { brand: site.brand.name, email: state.email })}</p>
      <p className="mt-4 text-muted">
        {t("data.delete.exportFirst")}{" "}
        {/* No `download`: should the session need a fresh code by now, the browser shows that page, not saves it. */}
        <a href={localized("/account/data")} className="font-semibold text-accent underline underline-offset-2">
          {t("data.delete.exportLink")}
        </a>
      </p>

      <h2 className={subheading}>{t("data.delete.erasedHeading")}</h2>
      <ul className="mt-4 list-disc space-y-2 pl-5 text-muted">{erased.map((key) => item(`data.delete.erased.${key}`))}</ul>

      <h2 className={subheading}>{t("data.delete.keptHeading")}</h2>
      <ul className="mt-4 list-disc space-y-2 pl-5 text-muted">
        {kept.map((key) => item(`data.delete.kept.${key}`, { years: state.years }))}
      </ul>

      <Form method="post" className="mt-10 rounded-card border border-line bg-surface p-5 sm:p-6">
        <div className="flex items-start gap-3">
          <input
            id="confirm"
            name="confirm"
            type="checkbox"
            value="yes"
            aria-invalid={state.unconfirmed || undefined}
            aria-describedby={state.unconfirmed ? "confirm-error" : undefined}
            className="mt-1 size-5 shrink-0 accent-accent"
          />
          <label htmlFor="confirm" className="text-text">
            {t("data.delete.confirmLabel")}
          </label>
        </div>
        {state.unconfirmed && (
          <p id="confirm-error" role="alert" className="mt-3 text-sm font-medium text-danger">
            {t("data.delete.confirmError")}
          </p>
        )}
        <div className="mt-6 flex flex-wrap gap-3">
          <button type="submit" className={`${buttonBase} bg-danger text-ink`}>
            {t("data.delete.submit")}
          </button>
          <Link to={localized("/account")} className={`${buttonBase} border border-line text-text`}>
            {t("data.delete.cancel")}
          </Link>
        </div>
      </Form>
    </section>
  );
}
