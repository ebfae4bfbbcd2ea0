import { useTranslation } from "../i18n/use-translation";
import { type RenewalOffer, renewalTerms } from "./renewal-terms";

interface AutomaticRenewalProps {
  id: (field: string) => string;
  offer: RenewalOffer | undefined;
  months: number;
  /** Each renewal's price, written for the visitor. */
  amount: string;
  checked: boolean;
  onChecked: (checked: boolean) => void;
}

/**
 * "Renew automatically every N months", beside Pay, with its terms said next to it; a plain checkbox, so the
 * form posts it without JavaScript (the server wrote the terms of the plan the page opened with).
 */
export function AutomaticRenewal({ id, offer, months, amount, checked, onChecked }: AutomaticRenewalProps) {
  const { t } = useTranslation();
  if (!offer || offer.kind === "none") return null;
  if (offer.kind === "already-renews") {
    return (
      <p className="text-sm text-muted" data-automatic-renewal="already">
        {t("automaticRenewal.alreadyRenews")}
      </p>
    );
  }
  const { label, terms } = renewalTerms(t, { months, amount, date: offer.nextCharge[months] ?? "" });
  return (
    <div className="flex items-start gap-3 rounded-card border border-line bg-surface p-4 sm:p-5">
      <input
        id={id("renewAutomatically")}
        name="renewAutomatically"
        type="checkbox"
        value="on"
        checked={checked}
        onChange={(event) => onChecked(event.target.checked)}
        aria-describedby={id("renewalTerms")}
        className="mt-1 size-5 shrink-0 accent-accent"
      />
      <div>
        <label htmlFor={id("renewAutomatically")} className="font-semibold text-text">
          {label}
        </label>
        <p id={id("renewalTerms")} className="mt-1 text-sm text-muted" data-renewal-terms>
          {terms} {t("automaticRenewal.unticked")}
        </p>
      </div>
    </div>
  );
}
