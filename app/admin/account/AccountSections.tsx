import { Form } from "react-router";
import { languages } from "../../../common/languages";
import { useAdminText } from "../text";

export const sectionClass = "rounded-card border border-line bg-surface p-6";
export const buttonClass = "min-h-11 rounded-full bg-cta px-5 font-semibold text-white";
export const inputClass = "mt-1.5 block min-h-11 w-full max-w-xs rounded-xl border border-line bg-ink px-4 text-text";

export function LanguageSection() {
  const { t, language } = useAdminText();
  return (
    <section aria-labelledby="language-heading" className={sectionClass}>
      <h2 id="language-heading" className="text-xl font-bold text-text">
        {t("account.languageHeading")}
      </h2>
      <Form method="post" className="mt-4 flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor="language" className="block text-sm font-medium text-text">
            {t("common.language")}
          </label>
          <select id="language" name="language" defaultValue={language} className={inputClass}>
            {languages.map((option) => (
              <option key={option} value={option} lang={option}>
                {t(`common.languageNames.${option}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" name="intent" value="language" className={buttonClass}>
          {t("common.save")}
        </button>
      </Form>
    </section>
  );
}

export function SessionsSection() {
  const { t } = useAdminText();
  return (
    <section aria-labelledby="sessions-heading" className={sectionClass}>
      <h2 id="sessions-heading" className="text-xl font-bold text-text">
        {t("account.sessionsHeading")}
      </h2>
      <p className="mt-2 text-muted">{t("account.sessionsText")}</p>
      <Form method="post" action="/admin/logout" className="mt-4">
        <button
          type="submit"
          name="scope"
          value="everywhere"
          className="min-h-11 rounded-full border border-line px-5 font-semibold text-text"
        >
          {t("account.signOutEverywhere")}
        </button>
      </Form>
    </section>
  );
}
