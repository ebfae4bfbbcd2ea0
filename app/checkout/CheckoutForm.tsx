import { useId, useLayoutEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { detectCardBrand } from "../../common/card";
import { site } from "../../content/site";
import { ErrorSummary, SubmitStatus } from "../components/form-feedback";
import { useFormChecks } from "../components/use-form-checks";
import { useLoadedOnFirstUse } from "../components/use-loaded-on-first-use";
import { findPlan, formatPrice, isViewerCount, planPrice, type ViewerCount } from "../content/plans";
import { useLanguage, useLocalizedPath } from "../i18n/use-language";
import { useTranslation } from "../i18n/use-translation";
import { AutomaticRenewal } from "./AutomaticRenewal";
import { CardFields } from "./CardFields";
import { CheckoutNotices, type FailedAttempt, type RenewalNotice } from "./CheckoutNotices";
import { CountrySelect } from "./CountrySelect";
import { choicesOnPage } from "./choices-on-page";
import { FormField, inputClass } from "./FormField";
import { type CheckoutField, cardFields, checkoutFields, fieldLimits } from "./fields";
import { PlanSection } from "./PlanSection";
import type { RenewalOffer } from "./renewal-terms";
import { TaxSummary } from "./TaxSummary";
import type { CheckoutTax } from "./tax-breakdown";

export interface CheckoutFormData {
  planKey: string;
  viewers: number;
  idempotencyKey: string;
  testMode: boolean;
  /** False when the card is given on the processor's own page (Stripe Checkout). */
  cardOnSite: boolean;
  /** The processor's name, for the text that says the card is given on its page. */
  processor: string;
  /** The name of the country the form starts with (`values.country`), as the country list writes it. */
  countryName?: string;
  /** TAX_MODE as the order summary needs it (tax-breakdown.ts); absent with none. */
  tax?: CheckoutTax;
  /** What the visitor had typed, when they come back from the processor's page. */
  values?: Partial<Record<CheckoutField | "plan" | "viewers" | "renewAutomatically", string>>;
  resumed?: boolean;
  /**
   * Opened from a renewal link: `welcome` when it filled the form, `expired` when it could not, `revoked` or
   * `too-late` when the access can no longer be renewed (the form is then a new purchase).
   */
  renewal?: RenewalNotice;
  /** The renewal link's signed token: sent back, it makes the order a renewal of the same access. */
  renewToken?: string;
  /** The "renew automatically" box beside Pay: offered (ticked or not), a note, or nothing. */
  automaticRenewal?: RenewalOffer;
}

const sectionClass = "rounded-card border border-line bg-surface p-6 sm:p-8";
const legendClass = "float-left mb-6 w-full text-xl font-bold text-text";

/** The spec's four sections; the payment section holds the card fields or says where the card is given. */
export function CheckoutForm({ loaderData, failed }: { loaderData: CheckoutFormData; failed?: FailedAttempt }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const localized = useLocalizedPath();
  const navigation = useNavigation();
  const idPrefix = useId();
  const id = (field: string) => `${idPrefix}-${field}`;

  const fields = loaderData.cardOnSite
    ? checkoutFields
    : checkoutFields.filter((field) => !(cardFields as readonly string[]).includes(field));
  const values = failed?.values ?? loaderData.values ?? {};
  // After a failed attempt, the token the action still accepted (none once it refused the renewal).
  const renewToken = failed ? failed.renewToken : loaderData.renewToken;
  const [planKey, setPlanKey] = useState(values.plan ?? loaderData.planKey);
  const [viewers, setViewers] = useState<ViewerCount>(() => {
    const chosen = Number(values.viewers ?? loaderData.viewers);
    return isViewerCount(chosen) ? chosen : 1;
  });
  // A form sent back keeps the box as it was sent ("on" or "off"); a fresh one starts as the operator chose.
  const offer = loaderData.automaticRenewal;
  const [renewing, setRenewing] = useState(
    offer?.kind === "offered" && (values.renewAutomatically ? values.renewAutomatically === "on" : offer.checked),
  );
  const [brand, setBrand] = useState(() => detectCardBrand(values.cardNumber ?? ""));
  // The billing country, for the VAT the summary shows: the one the form starts with, then the one chosen.
  const [country, setCountry] = useState(() => ({
    code: values.country ?? "",
    name: (failed ? failed.countryName : loaderData.countryName) ?? values.country ?? "",
  }));
  // The rules (zod, the phone numbers' metadata) are loaded when the visitor first focuses or taps the form.
  const rules = useLoadedOnFirstUse(() => import("./schema"));
  const { formRef, summaryRef, errors, summary, recheck, fieldEvents, onSubmit } = useFormChecks<CheckoutField>(
    (form) => {
      const schema = rules.loaded();
      const result = !schema ? undefined : loaderData.cardOnSite ? schema.validateCheckout(form) : schema.validateHostedCheckout(form);
      return !result || result.ok ? {} : result.errors;
    },
    failed,
    rules,
  );
  const startOnForm = () => void rules.start().catch(() => undefined);
  // What the visitor chose before the page's app woke is on the page but not in the state, which starts from
  // the server's: React keeps the page's controls as they are while it hydrates, and its next render would put
  // the server's choice back (the box unticked, the first plan). Read once, before anything renders again.
  useLayoutEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const chosen = choicesOnPage(form);
    if (chosen.plan) setPlanKey(chosen.plan);
    if (chosen.viewers) setViewers(chosen.viewers);
    if (chosen.renewing !== undefined) setRenewing(chosen.renewing);
    if (chosen.country) setCountry(chosen.country);
  }, [formRef]);

  const plan = findPlan(planKey) ?? site.plans[1];
  const totalCents = planPrice(plan, viewers);
  const amount = formatPrice(totalCents, language);
  const submitting = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const summaryFields = fields.filter((field) => summary?.[field]);

  const errorText = (field: CheckoutField) =>
    errors[field] ? t(`checkout.errors.${errors[field]}` as "checkout.errors.required") : undefined;

  const textInput = (field: CheckoutField, attributes: React.InputHTMLAttributes<HTMLInputElement>, hint?: string) => (
    <FormField id={id(field)} label={t(`checkout.fields.${field}`)} error={errorText(field)} hint={hint}>
      {(describedBy, invalid) => (
        <input
          id={id(field)}
          name={field}
          defaultValue={values[field]}
          maxLength={fieldLimits[field]}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          {...fieldEvents(field)}
          className={inputClass}
          {...attributes}
        />
      )}
    </FormField>
  );

  return (
    <div className="container-page max-w-5xl py-10">
      <CheckoutNotices
        testMode={loaderData.testMode}
        resumed={loaderData.resumed && !failed}
        renewal={failed ? undefined : loaderData.renewal}
        failed={failed}
      />

      {summaryFields.length > 0 && (
        <div className="mb-8">
          <ErrorSummary
            heading={t("checkout.errorSummary")}
            summaryRef={summaryRef}
            items={summaryFields.map((field) => ({
              fieldId: id(field),
              text: `${t(`checkout.fields.${field}`)}: ${t(`checkout.errors.${summary?.[field]}` as "checkout.errors.required")}`,
            }))}
          />
        </div>
      )}

      <Form
        ref={formRef}
        method="post"
        noValidate
        className="grid gap-8"
        onSubmit={onSubmit}
        onFocus={startOnForm}
        onPointerDown={startOnForm}
      >
        <input type="hidden" name="idempotencyKey" value={failed?.idempotencyKey ?? loaderData.idempotencyKey} />
        {renewToken && <input type="hidden" name="renew" value={renewToken} />}

        <PlanSection
          id={id}
          planKey={planKey}
          onPlan={setPlanKey}
          viewers={viewers}
          onViewers={setViewers}
          amount={amount}
          renewing={renewing}
          taxSummary={
            <TaxSummary
              tax={loaderData.tax}
              country={country.code}
              countryName={country.name}
              totalCents={totalCents}
              processor={loaderData.processor}
            />
          }
        />

        <fieldset className={sectionClass}>
          <legend className={legendClass}>{t("checkout.personalSection")}</legend>
          <div className="clear-both grid gap-5 sm:grid-cols-2">
            {textInput("firstName", { autoComplete: "given-name" })}
            {textInput("lastName", { autoComplete: "family-name" })}
            {textInput("email", { type: "email", autoComplete: "email", inputMode: "email", spellCheck: false }, t("checkout.hints.email"))}
            {textInput("phone", { type: "tel", autoComplete: "tel", inputMode: "tel" }, t("checkout.hints.phone"))}
          </div>
        </fieldset>

        <fieldset className={sectionClass}>
          <legend className={legendClass}>{t("checkout.paymentSection")}</legend>
          {loaderData.cardOnSite ? (
            <CardFields
              id={id}
              values={values}
              errorText={errorText}
              fieldEvents={fieldEvents}
              attemptKey={failed?.idempotencyKey ?? "first"}
              brand={brand}
              onBrand={setBrand}
              textInput={(field, attributes) => textInput(field, attributes)}
            />
          ) : (
            <p className="clear-both text-text/90" data-hosted-payment>
              {t("checkout.hostedPayment", { processor: loaderData.processor })}
            </p>
          )}
          <p className="mt-5 flex items-center gap-2 text-sm text-muted">
            <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" fill="currentColor" className="text-success">
              <path d="M10 1 3 4v5c0 4.5 3 8.3 7 9.5 4-1.2 7-5 7-9.5V4z" />
            </svg>
            {loaderData.cardOnSite ? t("checkout.secure") : t("checkout.secureHosted", { processor: loaderData.processor })}
          </p>
        </fieldset>

        <fieldset className={sectionClass}>
          <legend className={legendClass}>{t("checkout.billingSection")}</legend>
          <div className="clear-both grid gap-5 sm:grid-cols-2">
            <FormField id={id("country")} label={t("checkout.fields.country")} error={errorText("country")}>
              {(describedBy, invalid) => (
                <CountrySelect
                  id={id("country")}
                  name="country"
                  placeholder={t("checkout.chooseCountry")}
                  defaultValue={values.country ?? ""}
                  autoComplete="country"
                  aria-invalid={invalid}
                  aria-describedby={describedBy}
                  onBlur={() => recheck("country")}
                  onChoose={(code, name) => {
                    setCountry({ code, name });
                    // The phone number and postal code are checked against the country.
                    if (errors.phone || errors.postalCode) recheck("phone", "postalCode", "country");
                  }}
                  className={inputClass}
                />
              )}
            </FormField>
            {textInput("city", { autoComplete: "address-level2" })}
            {textInput("postalCode", { autoComplete: "postal-code" }, t("checkout.hints.postalCode"))}
            {/* One line, so `address-line1`: "street-address" is a multi-line field, allowed only on a textarea. */}
            {textInput("address", { autoComplete: "address-line1" })}
          </div>
        </fieldset>

        <AutomaticRenewal id={id} offer={offer} months={plan.months} amount={amount} checked={renewing} onChecked={setRenewing} />
        <div className="flex flex-col items-stretch gap-4 sm:flex-row sm:items-center sm:justify-between">
          <SubmitStatus busy={submitting} text={t("checkout.processing")} />
          <button
            type="submit"
            disabled={submitting}
            className="min-h-13 rounded-full bg-cta px-10 text-lg font-semibold text-white shadow-xl shadow-accent-strong/30 disabled:opacity-60"
          >
            {t("checkout.pay", { amount })}
          </button>
        </div>
        <p className="text-center text-sm text-muted sm:text-right">
          <Link to={localized("/terms")} className="underline underline-offset-2 hover:text-text">
            {t("footer.terms")}
          </Link>
          {" · "}
          <Link to={localized("/privacy")} className="underline underline-offset-2 hover:text-text">
            {t("footer.privacy")}
          </Link>
        </p>
      </Form>
    </div>
  );
}
