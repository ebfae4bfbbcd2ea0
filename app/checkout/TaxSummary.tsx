import { localeTags } from "../../common/languages";
import { wholeInBasisPoints } from "../../common/tax";
import { formatPrice } from "../content/plans";
import { memoByKey } from "../i18n/memo";
import { useLanguage } from "../i18n/use-language";
import { useTranslation } from "../i18n/use-translation";
import { type CheckoutTax, taxBreakdown } from "./tax-breakdown";

interface TaxSummaryProps {
  tax: CheckoutTax | undefined;
  /** The billing country chosen, "" for none yet. */
  country: string;
  /** Its name as the country list shows it. */
  countryName: string;
  totalCents: number;
  processor: string;
}

/** "20 %" in French, "20%" in English: one formatter per language, built only once a rate is shown. */
const percentFormat = memoByKey((locale: string) => new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 }));

/**
 * The VAT inside the total, for the billing country chosen further down the form: a polite live region, so a
 * screen reader hears the new amount when the country (or the plan) changes. Nothing with TAX_MODE=none.
 */
export function TaxSummary({ tax, country, countryName, totalCents, processor }: TaxSummaryProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const breakdown = taxBreakdown(tax, country, totalCents);
  if (!breakdown) return null;
  let text: string;
  if (breakdown.kind === "included") {
    const rate = percentFormat(localeTags[language]).format(breakdown.rateBasisPoints / wholeInBasisPoints);
    text = t("checkout.tax.included", { rate, country: countryName, amount: formatPrice(breakdown.taxCents, language) });
  } else if (breakdown.kind === "none") text = t("checkout.tax.none", { country: countryName });
  else if (breakdown.kind === "chooseCountry") text = t("checkout.tax.chooseCountry");
  else text = t("checkout.tax.processor", { processor });
  return (
    <p className="w-full text-sm text-muted" aria-live="polite" data-tax-breakdown>
      {text}
    </p>
  );
}
