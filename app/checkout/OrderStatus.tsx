import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { useLocalizedPath } from "../i18n/use-language";
import { useTranslation } from "../i18n/use-translation";

/** The heading of a settled page takes focus, so a screen reader announces the outcome at once. */
function useFocusedHeading() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return headingRef;
}

const headingClass = "text-3xl font-extrabold text-text outline-none sm:text-4xl";

/** The spec's success message, the order reference and what happens next. */
export function OrderConfirmed({ reference, email }: { reference: string; email: string }) {
  const { t, items } = useTranslation();
  const localized = useLocalizedPath();
  const headingRef = useFocusedHeading();
  const steps = items("checkout.nextStepsList");
  return (
    <div className="container-page max-w-3xl pt-32 pb-16">
      <div role="status" className="rounded-card border border-success/40 bg-success/10 p-8">
        <h1 ref={headingRef} tabIndex={-1} className={headingClass}>
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

/**
 * A payment not settled yet: the spec's processing message, the reference, and the promise of a mail. Never a
 * failure: the payment may well have gone through. `children` offers a way to look again.
 */
export function PaymentPending({ reference, email, children }: { reference: string; email: string; children?: React.ReactNode }) {
  const { t } = useTranslation();
  const headingRef = useFocusedHeading();
  return (
    <div className="container-page max-w-3xl pt-32 pb-16">
      <div role="status" className="rounded-card border border-line bg-surface p-8">
        <h1 ref={headingRef} tabIndex={-1} className={headingClass}>
          {t("checkout.processing")}
        </h1>
        <p className="mt-4 text-lg text-text/90" data-order-reference={reference}>
          {t("checkout.pendingText", { reference, email })}
        </p>
        {children}
      </div>
    </div>
  );
}

/** The spec's failure message and why, with the way back to the checkout. */
export function PaymentFailed({ reason, retryTo }: { reason: string; retryTo: string }) {
  const { t } = useTranslation();
  const headingRef = useFocusedHeading();
  return (
    <div className="container-page max-w-3xl pt-32 pb-16">
      <div role="alert" className="rounded-card border border-danger/50 bg-danger/10 p-8">
        <h1 ref={headingRef} tabIndex={-1} className={headingClass}>
          {t("checkout.failure")}
        </h1>
        <p className="mt-4 text-lg text-text/90">{t(`checkout.declined.${reason}` as "checkout.declined.declined")}</p>
      </div>
      {/* The checkout filled in again is a personal page: a document load applies its policy (decision 0038). */}
      <Link
        to={retryTo}
        reloadDocument
        className="mt-8 inline-flex min-h-12 items-center rounded-full bg-cta px-6 font-semibold text-white"
      >
        {t("checkout.tryAgain")}
      </Link>
    </div>
  );
}
