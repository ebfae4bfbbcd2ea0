import { Form, useNavigation } from "react-router";
import { languages } from "../../../common/languages";
import { useTranslation } from "../../i18n/use-translation";
import { useAccountText } from "../text";
import type { DashboardAnswer } from "./actions.server";
import type { Preferences } from "./preferences.server";
import { card, primaryButton, sectionHeading } from "./ui";

const choice =
  "flex min-h-12 cursor-pointer items-center justify-center rounded-xl border border-line px-3 text-center text-sm font-semibold text-muted has-checked:border-accent has-checked:bg-accent-strong/25 has-checked:text-text has-focus-visible:outline-3 has-focus-visible:outline-accent";

/** One question, answered by picking one of a few pills (radio buttons, so each state is said, not implied). */
function Choices({ name, legend, options, value }: { name: string; legend: string; options: [string, string][]; value: string }) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-text">{legend}</legend>
      <div className={`mt-2 grid gap-2 ${options.length > 2 ? "sm:grid-cols-2" : "grid-cols-2"}`}>
        {options.map(([option, label]) => (
          <label key={option} className={choice}>
            <input type="radio" name={name} value={option} defaultChecked={value === option} className="sr-only" />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Outcome({ answer }: { answer: DashboardAnswer | undefined }) {
  const { t } = useAccountText();
  if (answer?.form !== "preferences") return <p role="status" />;
  const good = answer.outcome === "saved";
  return (
    <p
      role={good ? "status" : "alert"}
      className={`rounded-card border p-4 font-medium ${good ? "border-success/40 bg-success/10 text-text" : "border-danger/50 bg-danger/10 text-text"}`}
    >
      {t(`dashboard.preferences.${answer.outcome}`)}
    </p>
  );
}

export function PreferencesForm({ preferences, answer }: { preferences: Preferences; answer: DashboardAnswer | undefined }) {
  const { t } = useAccountText();
  const { t: site } = useTranslation();
  const busy = useNavigation().formData?.get("intent") === "preferences";
  const onOff: [string, string][] = [
    ["on", t("dashboard.preferences.on")],
    ["off", t("dashboard.preferences.off")],
  ];
  const mailLanguages: [string, string][] = [
    ["order", t("dashboard.preferences.orderLanguage")],
    // Each language in its own name, as the language picker writes it (the site's texts name every language).
    ...languages.map((language): [string, string] => [language, site(`common.languageNames.${language}`)]),
  ];
  return (
    <section aria-labelledby="preferences-heading" className="mt-12">
      <h2 id="preferences-heading" className={sectionHeading}>
        {t("dashboard.preferences.heading")}
      </h2>
      {/* Keyed by the saved choices, so the form shows them afresh after each save. */}
      <Form method="post" key={JSON.stringify(preferences)} className={`mt-4 space-y-6 ${card}`}>
        <input type="hidden" name="intent" value="preferences" />
        <Choices
          name="reminders"
          legend={t("dashboard.preferences.reminders")}
          options={onOff}
          value={preferences.reminders ? "on" : "off"}
        />
        <Choices
          name="newsletter"
          legend={t("dashboard.preferences.newsletter")}
          options={onOff}
          value={preferences.newsletter ? "on" : "off"}
        />
        <Choices
          name="mailLanguage"
          legend={t("dashboard.preferences.mailLanguage")}
          options={mailLanguages}
          value={preferences.mailLanguage ?? "order"}
        />
        <Outcome answer={answer} />
        <button type="submit" className={primaryButton} disabled={busy}>
          {t("dashboard.preferences.save")}
        </button>
      </Form>
    </section>
  );
}
