import { Form, Link } from "react-router";
import { primaryButton, textLink } from "../dashboard/ui";
import { useAccountText } from "../text";
import { AccountUnavailable } from "../Unavailable";
import { CardForm } from "./CardForm";
import type { CardPageState } from "./card-page.server";

const heading = "text-3xl font-extrabold tracking-tight text-text";

/** "Update card": the card form (test gateway), the way to the processor's page (Stripe), or what was done. */
export function CardPage({ page, accountHref }: { page: CardPageState; accountHref: string }) {
  const { t } = useAccountText();
  if (page.state === "unavailable") return <AccountUnavailable />;
  const back = (
    <p className="mt-8">
      <Link to={"subscription" in page ? page.subscription.accountHref : accountHref} className={textLink}>
        {t("dashboard.automaticRenewal.back")}
      </Link>
    </p>
  );
  const title = <h1 className={heading}>{t("dashboard.automaticRenewal.cardPage.title")}</h1>;
  if (page.state === "not-found") {
    return (
      <>
        {title}
        <p role="alert" className="mt-4 text-lg text-text">
          {t("dashboard.automaticRenewal.notFound")}
        </p>
        {back}
      </>
    );
  }
  const { subscription } = page;
  return (
    <>
      {title}
      <p className="mt-4 text-muted">
        {t("dashboard.automaticRenewal.cardPage.intro", { plan: subscription.plan, reference: subscription.reference })}
      </p>
      {subscription.card && page.state !== "saved" && (
        <p className="mt-2 text-text">{t("dashboard.automaticRenewal.cardPage.current", { ...subscription.card })}</p>
      )}
      {page.state === "saved" && (
        <p role="status" className="mt-6 rounded-card border border-success/40 bg-success/10 p-4 font-medium text-text">
          {subscription.card && t("dashboard.automaticRenewal.cardPage.saved", { ...subscription.card })}
          {page.retrying && ` ${t("dashboard.automaticRenewal.cardPage.retrySoon")}`}
        </p>
      )}
      {page.state === "ended" && (
        <p role="status" className="mt-6 text-text">
          {t("dashboard.automaticRenewal.cardPage.ended")}
        </p>
      )}
      {page.state === "portal" && (
        <>
          {page.failed && (
            <p role="alert" className="mt-6 rounded-card border border-danger/50 bg-danger/10 p-4 font-medium text-text">
              {t("dashboard.automaticRenewal.cardPage.portalFailed")}
            </p>
          )}
          <Form method="post" reloadDocument className="mt-6">
            <input type="hidden" name="intent" value="portal" />
            <button type="submit" className={primaryButton}>
              {t("dashboard.automaticRenewal.updateCard")}
            </button>
          </Form>
        </>
      )}
      {page.state === "form" && <CardForm page={page} />}
      {back}
    </>
  );
}
