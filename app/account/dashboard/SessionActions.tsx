import { Form, Link } from "react-router";
import { useLocalizedPath } from "../../i18n/use-language";
import { useAccountText } from "../text";
import { card, secondaryButton, sectionHeading, textLink } from "./ui";

/** Sign out here or everywhere (posted to /account/sign-out), and the customer's data. */
export function SessionActions() {
  const { t } = useAccountText();
  const localized = useLocalizedPath();
  const signOut = localized("/account/sign-out");
  return (
    <section aria-labelledby="session-heading" className="mt-12">
      <h2 id="session-heading" className={sectionHeading}>
        {t("dashboard.session.heading")}
      </h2>
      <div className={`mt-4 ${card}`}>
        <div className="flex flex-wrap gap-3">
          <Form method="post" action={signOut} reloadDocument>
            <input type="hidden" name="intent" value="sign-out" />
            <button type="submit" className={secondaryButton}>
              {t("dashboard.session.signOut")}
            </button>
          </Form>
          <Form method="post" action={signOut} reloadDocument>
            <input type="hidden" name="intent" value="sign-out-everywhere" />
            <button type="submit" className={secondaryButton} aria-describedby="sign-out-everywhere-hint">
              {t("dashboard.session.signOutEverywhere")}
            </button>
          </Form>
        </div>
        <p id="sign-out-everywhere-hint" className="mt-2 text-sm text-muted">
          {t("dashboard.session.signOutEverywhereHint")}
        </p>
        <ul className="mt-5 flex flex-wrap gap-x-6 gap-y-2 border-t border-line pt-4 text-sm">
          <li>
            <Link to={localized("/account/data")} reloadDocument className={textLink}>
              {t("dashboard.session.download")}
            </Link>
          </li>
          <li>
            <Link to={localized("/account/delete")} className={textLink}>
              {t("dashboard.session.delete")}
            </Link>
          </li>
        </ul>
      </div>
    </section>
  );
}
