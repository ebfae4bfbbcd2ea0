import { randomUUID } from "node:crypto";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import { site } from "../../content/site";
import { logger } from "../../server/logger.ts";
import { readForm } from "../../server/request-guards.ts";
import { cardBrandNames, detectCardBrand, formatCardNumber, formatExpiry } from "../checkout/card";
import { countryOptions } from "../checkout/countries";
import { FormField, inputClass } from "../checkout/FormField";
import { placeOrder } from "../checkout/place-order.server";
import { type CheckoutField, checkoutFields, type FieldErrors, fieldLimits, validateCheckout } from "../checkout/schema";
import { ErrorSummary, SubmitStatus } from "../components/form-feedback";
import { PageHeading } from "../components/PageHeading";
import { useFormChecks } from "../components/use-form-checks";
import { findPlan, formatPrice, isViewerCount, planPrice, type ViewerCount } from "../content/plans";
import { languageFromPath, requestPathname } from "../i18n/languages";
import { useLanguage, useLocalizedPath } from "../i18n/use-language";
import { clientAddress, formLimits } from "../rate-limit.server";
import { pageMeta } from "../seo";
import { getServices, paymentTestMode } from "../services.server";
import type { Route } from "./+types/checkout";

/** `/checkout?plan=<key>&viewers=<n>`; Gold and one viewer when absent or unknown. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = url.searchParams;
  const plan = findPlan(params.get("plan")) ?? findPlan(site.defaultPlan);
  const viewers = Number(params.get("viewers"));
  return data(
    {
      planKey: plan?.key ?? site.defaultPlan,
      viewers: isViewerCount(viewers) ? viewers : 1,
      // One key per checkout shown: submitting it twice can only ever make one order.
      idempotencyKey: randomUUID(),
      testMode: paymentTestMode,
      // Country names and their order come from the server's Intl data, so the browser shows exactly what
      // was rendered (browsers' own names differ slightly).
      countries: countryOptions(languageFromPath(requestPathname(request))),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => actionHeaders ?? loaderHeaders;

type FormValues = Partial<Record<CheckoutField | "plan" | "viewers", string>>;

/** What the form sends back after a failed attempt: everything typed except the security code. */
function keptValues(form: Record<string, unknown>): FormValues {
  const values: FormValues = {};
  for (const field of [...checkoutFields, "plan", "viewers"] as const) {
    if (field !== "cvv" && typeof form[field] === "string") values[field] = (form[field] as string).slice(0, 300);
  }
  return values;
}

export async function action({ request }: Route.ActionArgs) {
  const language = languageFromPath(requestPathname(request));
  const noStore = { "Cache-Control": "private, no-store" };
  // Null when the body is not a form at all (JSON, plain text, a broken multipart body): answered as invalid.
  const form = (await readForm(request)) ?? {};
  const retry = { values: keptValues(form), idempotencyKey: randomUUID() };

  if (!formLimits.checkout.hit(clientAddress(request))) {
    return data({ state: "rateLimited" as const, errors: {} as FieldErrors, ...retry }, { status: 429, headers: noStore });
  }
  const checked = validateCheckout(form);
  if (!checked.ok) return data({ state: "invalid" as const, errors: checked.errors, ...retry }, { status: 400, headers: noStore });

  let outcome: Awaited<ReturnType<typeof placeOrder>>;
  try {
    outcome = await placeOrder(checked.order, language, await getServices());
  } catch (error) {
    logger.error({ reason: (error as Error).message }, "Checkout could not record or charge an order");
    // The same key again, not a new one: the order may have been recorded and even charged before the
    // failure, and trying again with this key can then only find it, never pay a second time.
    const sameKey = checked.order.idempotencyKey;
    return data(
      { state: "unavailable" as const, errors: {} as FieldErrors, ...retry, idempotencyKey: sameKey },
      { status: 503, headers: noStore },
    );
  }
  if (outcome.status === "paid") return data({ state: "paid" as const, ...outcome }, { headers: noStore });
  return data({ state: "failed" as const, reason: outcome.reason, errors: {} as FieldErrors, ...retry }, { status: 402, headers: noStore });
}

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, "checkout");

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (actionData?.state === "paid") return <OrderConfirmed reference={actionData.reference} email={actionData.email} />;
  return (
    <>
      <PageHeading title={t("checkout.heading")} lead={t("checkout.intro")} />
      <CheckoutForm loaderData={loaderData} actionData={actionData} />
    </>
  );
}

function CheckoutForm({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { t } = useTranslation();
  const language = useLanguage();
  const localized = useLocalizedPath();
  const navigation = useNavigation();
  const idPrefix = useId();
  const id = (field: string) => `${idPrefix}-${field}`;

  const failed = actionData && actionData.state !== "paid" ? actionData : undefined;
  const values = failed?.values ?? {};
  const [planKey, setPlanKey] = useState(values.plan ?? loaderData.planKey);
  const [viewers, setViewers] = useState<ViewerCount>(() => {
    const chosen = Number(values.viewers ?? loaderData.viewers);
    return isViewerCount(chosen) ? chosen : 1;
  });
  const [brand, setBrand] = useState(() => detectCardBrand(values.cardNumber ?? ""));
  const { formRef, summaryRef, errors, summary, recheck, fieldEvents, onSubmit } = useFormChecks<CheckoutField>((form) => {
    const result = validateCheckout(form);
    return result.ok ? {} : result.errors;
  }, failed);

  const plan = findPlan(planKey) ?? site.plans[1];
  const amount = formatPrice(planPrice(plan, viewers), language);
  const period = t("plans.period", { count: plan.months });
  const submitting = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const summaryFields = checkoutFields.filter((field) => summary?.[field]);

  const errorText = (field: CheckoutField) =>
    errors[field] ? t(`checkout.errors.${errors[field]}` as "checkout.errors.required") : undefined;

  const textInput = (field: CheckoutField, attributes: React.InputHTMLAttributes<HTMLInputElement>, hint?: string, className?: string) => (
    <FormField id={id(field)} label={t(`checkout.fields.${field}`)} error={errorText(field)} hint={hint} className={className}>
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

  const sectionClass = "rounded-card border border-line bg-surface p-6 sm:p-8";
  const legendClass = "float-left mb-6 w-full text-xl font-bold text-text";

  return (
    <div className="container-page max-w-5xl py-10">
      {loaderData.testMode && (
        <aside aria-labelledby={id("test-mode")} className="mb-8 rounded-card border border-amber-300/40 bg-amber-300/10 p-5 text-sm">
          <h2 id={id("test-mode")} className="font-bold text-amber-200">
            {t("checkout.testModeTitle")}
          </h2>
          <p className="mt-1 text-amber-100/90">{t("checkout.testModeText")}</p>
        </aside>
      )}

      {failed && failed.state !== "invalid" && (
        <div role="alert" className="mb-8 rounded-card border border-danger/50 bg-danger/10 p-5">
          <p className="font-bold text-text">{failed.state === "failed" ? t("checkout.failure") : t(`checkout.${failed.state}`)}</p>
          {failed.state === "failed" && <p className="mt-1 text-sm text-text/90">{t(`checkout.declined.${failed.reason}`)}</p>}
        </div>
      )}

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

      <Form ref={formRef} method="post" noValidate className="grid gap-8" onSubmit={onSubmit}>
        <input type="hidden" name="idempotencyKey" value={failed?.idempotencyKey ?? loaderData.idempotencyKey} />

        <fieldset className={sectionClass}>
          <legend className={legendClass}>{t("checkout.planSection")}</legend>
          <div className="clear-both grid gap-6 sm:grid-cols-2">
            <div>
              <label htmlFor={id("plan")} className="block text-sm font-medium text-text">
                {t("checkout.changePlan")}
              </label>
              <select
                id={id("plan")}
                name="plan"
                value={planKey}
                onChange={(event) => setPlanKey(event.target.value as typeof planKey)}
                className={inputClass}
              >
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
                      onChange={() => setViewers(count)}
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
            <p className="w-full text-sm text-muted">{t("checkout.oneTime", { period })}</p>
          </div>
        </fieldset>

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
          <div className="clear-both grid gap-5 sm:grid-cols-[2fr_1fr_1fr]">
            <FormField
              id={id("cardNumber")}
              label={t("checkout.fields.cardNumber")}
              error={errorText("cardNumber")}
              className="sm:col-span-3"
            >
              {(describedBy, invalid) => (
                <div className="relative">
                  <input
                    id={id("cardNumber")}
                    name="cardNumber"
                    defaultValue={values.cardNumber}
                    autoComplete="cc-number"
                    inputMode="numeric"
                    maxLength={fieldLimits.cardNumber}
                    placeholder="1234 1234 1234 1234"
                    aria-invalid={invalid}
                    aria-describedby={[describedBy, id("brand")].filter(Boolean).join(" ")}
                    onInput={(event) => {
                      const input = event.currentTarget;
                      input.value = formatCardNumber(input.value);
                      setBrand(detectCardBrand(input.value));
                    }}
                    {...fieldEvents("cardNumber")}
                    className={`${inputClass} pr-40`}
                  />
                  <p
                    id={id("brand")}
                    aria-live="polite"
                    className="absolute top-1/2 right-4 mt-0.75 -translate-y-1/2 text-sm font-semibold text-accent"
                  >
                    {brand ? t("checkout.cardBrand", { brand: cardBrandNames[brand] }) : ""}
                  </p>
                </div>
              )}
            </FormField>
            {textInput("expiryDate", {
              autoComplete: "cc-exp",
              inputMode: "numeric",
              placeholder: "MM/YY",
              onInput: (event) => {
                const input = event.currentTarget;
                if (!(event.nativeEvent as InputEvent).inputType?.startsWith("delete")) input.value = formatExpiry(input.value);
              },
            })}
            <FormField
              id={id("cvv")}
              label={t("checkout.fields.cvv")}
              error={errorText("cvv")}
              hint={t("checkout.hints.cvv")}
              className="sm:col-span-2"
            >
              {(describedBy, invalid) => (
                <input
                  // A new attempt starts with an empty security code: it is never sent back to the page.
                  key={failed?.idempotencyKey ?? "first"}
                  id={id("cvv")}
                  name="cvv"
                  autoComplete="cc-csc"
                  inputMode="numeric"
                  maxLength={4}
                  aria-invalid={invalid}
                  aria-describedby={describedBy}
                  {...fieldEvents("cvv")}
                  className={inputClass}
                />
              )}
            </FormField>
          </div>
          <p className="mt-5 flex items-center gap-2 text-sm text-muted">
            <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" fill="currentColor" className="text-success">
              <path d="M10 1 3 4v5c0 4.5 3 8.3 7 9.5 4-1.2 7-5 7-9.5V4z" />
            </svg>
            {t("checkout.secure")}
          </p>
        </fieldset>

        <fieldset className={sectionClass}>
          <legend className={legendClass}>{t("checkout.billingSection")}</legend>
          <div className="clear-both grid gap-5 sm:grid-cols-2">
            <FormField id={id("country")} label={t("checkout.fields.country")} error={errorText("country")}>
              {(describedBy, invalid) => (
                <select
                  id={id("country")}
                  name="country"
                  defaultValue={values.country ?? ""}
                  autoComplete="country"
                  aria-invalid={invalid}
                  aria-describedby={describedBy}
                  onBlur={() => recheck("country")}
                  // The phone number and postal code are checked against the country.
                  onChange={() => (errors.phone || errors.postalCode) && recheck("phone", "postalCode", "country")}
                  className={inputClass}
                >
                  <option value="">{t("checkout.chooseCountry")}</option>
                  {loaderData.countries.map((country) => (
                    <option key={country.code} value={country.code}>
                      {country.name}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            {textInput("city", { autoComplete: "address-level2" })}
            {textInput("postalCode", { autoComplete: "postal-code" }, t("checkout.hints.postalCode"))}
            {/* One line, so `address-line1`: "street-address" is a multi-line field, allowed only on a textarea. */}
            {textInput("address", { autoComplete: "address-line1" })}
          </div>
        </fieldset>

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

function OrderConfirmed({ reference, email }: { reference: string; email: string }) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const steps = t("checkout.nextStepsList", { returnObjects: true });
  return (
    <div className="container-page max-w-3xl pt-32 pb-16">
      <div role="status" className="rounded-card border border-success/40 bg-success/10 p-8">
        <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-extrabold text-text outline-none sm:text-4xl">
          {t("checkout.success")}
        </h1>
        <p className="mt-4 text-lg text-text/90" data-order-reference={reference}>
          {t("checkout.successText", { reference, email })}
        </p>
      </div>
      <h2 className="mt-10 text-xl font-bold text-text">{t("checkout.nextSteps")}</h2>
      <ol className="mt-4 list-decimal space-y-2 pl-6 text-muted">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <Link
        to={localized("/blog?category=devices")}
        className="mt-8 inline-flex min-h-12 items-center rounded-full bg-cta px-6 font-semibold text-white"
      >
        {t("checkout.readGuides")}
      </Link>
    </div>
  );
}
