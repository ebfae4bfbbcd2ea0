import { site } from "../../content/site";
import type { ViewerCount } from "../content/plans";
import { useTranslation } from "../i18n/use-translation";
import { inputClass } from "./FormField";

interface PlanSectionProps {
  id: (field: string) => string;
  planKey: string;
  onPlan: (key: string) => void;
  viewers: ViewerCount;
  onViewers: (count: ViewerCount) => void;
  /** The total, formatted for the visitor's language. */
  amount: string;
  /** The "renew automatically" box is ticked: the total is the first of many, not a one-time payment. */
  renewing?: boolean;
  /** What the total includes of VAT (TaxSummary), when the shop charges it. */
  taxSummary?: React.ReactNode;
}

/** The chosen plan and viewer count, changeable here, with the total that follows. */
export function PlanSection({ id, planKey, onPlan, viewers, onViewers, amount, renewing = false, taxSummary }: PlanSectionProps) {
  const { t } = useTranslation();
  const plan = site.plans.find((option) => option.key === planKey) ?? site.plans[1];
  const period = t("plans.period", { count: plan.months });
  return (
    <fieldset className="rounded-card border border-line bg-surface p-6 sm:p-8">
      <legend className="float-left mb-6 w-full text-xl font-bold text-text">{t("checkout.planSection")}</legend>
      <div className="clear-both grid gap-6 sm:grid-cols-2">
        <div>
          <label htmlFor={id("plan")} className="block text-sm font-medium text-text">
            {t("checkout.changePlan")}
          </label>
          <select id={id("plan")} name="plan" value={planKey} onChange={(event) => onPlan(event.target.value)} className={inputClass}>
            {site.plans.map((option) => (
              <option key={option.key} value={option.key}>
                {option.name} · {t("plans.period", { count: option.months })}
              </option>
            ))}
          </select>
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-text">{t("checkout.viewersLabel")}</legend>
          <div className="mt-1.5 grid grid-cols-3 gap-2">
            {site.viewerChoices.map((count) => (
              <label
                key={count}
                className="flex min-h-12 cursor-pointer items-center justify-center rounded-xl border border-line px-1 text-center text-xs font-semibold text-muted hyphens-auto sm:text-sm has-checked:border-accent has-checked:bg-accent-strong/25 has-checked:text-text has-focus-visible:outline-3 has-focus-visible:outline-accent"
              >
                <input
                  type="radio"
                  name="viewers"
                  value={count}
                  checked={viewers === count}
                  onChange={() => onViewers(count)}
                  className="sr-only"
                />
                {t("plans.viewers", { count })}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      <div className="mt-6 flex flex-wrap items-baseline justify-between gap-2 border-t border-line pt-5">
        <p className="text-muted">{t("checkout.total")}</p>
        <p className="text-3xl font-extrabold text-text" data-total>
          {amount}
        </p>
        <p className="w-full text-sm text-muted">
          {renewing ? t("automaticRenewal.total", { period }) : t("checkout.oneTime", { period })}
        </p>
        {taxSummary}
      </div>
    </fieldset>
  );
}
