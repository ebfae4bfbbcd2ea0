import { useId } from "react";
import { Link } from "react-router";
import { type Plan, site } from "../../content/site";
import { checkoutPath, formatPrice, planPrice } from "../content/plans";
import { useLanguage, useLocalizedPath } from "../i18n/use-language";
import { useTranslation } from "../i18n/use-translation";
import { SectionHeading } from "./SectionHeading";

/**
 * The plans, with the viewer count to price them for. Every card carries a price and a link per count, and
 * CSS shows the ones of the checked count (app.css, `data-viewer-choices`): choosing works before any script
 * has run, without one, and costs no render.
 */
export function Plans() {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const name = useId();

  return (
    <section aria-labelledby="plans-title" className="py-20 lg:py-28">
      <div className="container-page">
        <SectionHeading id="plans-title" title={t("plans.heading")} lead={t("plans.intro")} />

        <div data-viewer-choices>
          <fieldset className="mx-auto mt-10 w-full max-w-md">
            <legend className="mx-auto mb-3 text-center text-sm font-semibold uppercase tracking-wider text-muted">
              {t("plans.viewersLegend")}
            </legend>
            <div className="grid grid-cols-3 rounded-full border border-line bg-surface p-1">
              {site.viewerChoices.map((count, index) => (
                <label
                  key={count}
                  className="relative cursor-pointer rounded-full px-2 py-2.5 text-center text-sm font-semibold leading-tight text-muted transition-colors has-checked:bg-cta has-checked:text-white has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent"
                >
                  <input type="radio" name={name} value={count} defaultChecked={index === 0} data-choice={index} className="sr-only" />
                  {t("plans.viewers", { count })}
                </label>
              ))}
            </div>
          </fieldset>

          <ul className="mt-12 grid gap-6 md:grid-cols-2 xl:grid-cols-4">
            {site.plans.map((plan) => (
              <li key={plan.key}>
                <PlanCard plan={plan} />
              </li>
            ))}
          </ul>
        </div>

        {site.trial.enabled && (
          <p className="mt-10 text-center text-muted">
            <Link to={localized("/trial")} className="font-semibold text-accent underline underline-offset-4">
              {t("trial.link", { hours: site.trial.hours })}
            </Link>
            <span className="mt-1 block text-sm">{t("trial.linkNote")}</span>
          </p>
        )}
      </div>
    </section>
  );
}

function PlanCard({ plan }: { plan: Plan }) {
  const { t, items } = useTranslation();
  const language = useLanguage();
  const localized = useLocalizedPath();
  const highlighted = plan.badge === "mostPopular";
  const period = t("plans.period", { count: plan.months });
  const features = items(`plans.items.${plan.key}.features`);

  return (
    <article
      data-plan={plan.key}
      aria-labelledby={`plan-${plan.key}`}
      className={`relative flex h-full flex-col rounded-card border p-7 transition-transform hover:-translate-y-1 ${
        highlighted
          ? "border-accent bg-gradient-to-b from-accent-strong/25 to-surface shadow-2xl shadow-accent-strong/20"
          : "border-line bg-surface"
      }`}
    >
      {plan.badge && (
        <p className="absolute -top-3.5 left-7 rounded-full bg-cta px-3 py-1 text-xs font-bold uppercase tracking-wider text-white">
          {t(`plans.badges.${plan.badge}`)}
        </p>
      )}
      <h3 id={`plan-${plan.key}`} className="text-xl font-bold text-text">
        {plan.name}
      </h3>
      <p className="mt-1 text-sm font-medium text-accent">{period}</p>
      <p className="mt-5 flex items-baseline gap-2">
        {site.viewerChoices.map((viewers, index) => (
          <span key={viewers} data-for-choice={index} data-price className="text-5xl font-extrabold tracking-tight text-text">
            {formatPrice(planPrice(plan, viewers), language)}
          </span>
        ))}
        <span className="text-sm text-muted">{t("plans.perPeriod", { period })}</span>
      </p>
      <p className="mt-1 text-xs text-muted">{t("plans.oneTimePayment")}</p>
      <p className="mt-5 text-sm leading-relaxed text-muted xl:min-h-[4.5rem]">{t(`plans.items.${plan.key}.description`)}</p>

      <ul aria-label={t("plans.featuresLabel", { plan: plan.name })} className="mt-6 flex-1 space-y-2.5 text-sm text-text/90">
        {features.map((feature) => (
          <li key={feature} className="flex gap-2.5">
            <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" className="mt-0.5 shrink-0 text-success" fill="currentColor">
              <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0z" />
            </svg>
            {feature}
          </li>
        ))}
      </ul>

      {site.viewerChoices.map((viewers, index) => (
        <Link
          key={viewers}
          data-for-choice={index}
          to={localized(checkoutPath(plan.key, viewers))}
          className={`mt-8 inline-flex min-h-12 items-center justify-center rounded-full px-6 font-semibold transition-transform hover:-translate-y-0.5 ${
            highlighted
              ? "bg-cta text-white shadow-lg shadow-accent-strong/30"
              : "border border-line bg-surface-2 text-text hover:border-accent"
          }`}
        >
          {t("plans.choose", { plan: plan.name })}
          <span className="sr-only">{t("plans.chooseDetails", { period, viewers: t("plans.viewers", { count: viewers }) })}</span>
        </Link>
      ))}
    </article>
  );
}
