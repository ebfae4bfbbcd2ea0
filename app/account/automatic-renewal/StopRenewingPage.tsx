import { Form, Link, useNavigation } from "react-router";
import { primaryButton, secondaryButton, textLink } from "../dashboard/ui";
import { useAccountText } from "../text";
import { AccountUnavailable } from "../Unavailable";
import type { StopPageState } from "./stop-page.server";

const heading = "text-3xl font-extrabold tracking-tight text-text";

/** A page that only says something (not found, done, nothing to stop), with the way back. */
function Said({ text, back, role = "status" }: { text: string; back: string; role?: "status" | "alert" }) {
  const { t } = useAccountText();
  return (
    <>
      <h1 className={heading}>{t("dashboard.automaticRenewal.stopPage.title")}</h1>
      <p role={role} className="mt-4 text-lg text-text">
        {text}
      </p>
      <p className="mt-6">
        <Link to={back} className={textLink}>
          {t("dashboard.automaticRenewal.back")}
        </Link>
      </p>
    </>
  );
}

/** "Stop renewing": what it does, then the confirmation; after it, what was done. */
export function StopRenewingPage({ page, accountHref }: { page: StopPageState; accountHref: string }) {
  const { t } = useAccountText();
  const busy = useNavigation().state === "submitting";
  if (page.state === "unavailable") return <AccountUnavailable />;
  if (page.state === "not-found") return <Said text={t("dashboard.automaticRenewal.notFound")} back={accountHref} role="alert" />;
  const { subscription } = page;
  if (page.state === "done") {
    return <Said text={t("dashboard.automaticRenewal.stopPage.done", { date: subscription.endsAt })} back={subscription.accountHref} />;
  }
  if (page.state === "already") return <Said text={t("dashboard.automaticRenewal.stopPage.already")} back={subscription.accountHref} />;
  return (
    <>
      <h1 className={heading}>{t("dashboard.automaticRenewal.stopPage.title")}</h1>
      <p className="mt-4 text-lg text-text">
        {t("dashboard.automaticRenewal.stopPage.question", { plan: subscription.plan, reference: subscription.reference })}
      </p>
      <p className="mt-2 text-muted">{t("dashboard.automaticRenewal.stopPage.effect", { date: subscription.endsAt })}</p>
      <Form method="post" className="mt-8 flex flex-wrap gap-3">
        <input type="hidden" name="intent" value="stop" />
        <button type="submit" disabled={busy} className={primaryButton}>
          {t("dashboard.automaticRenewal.stopPage.confirm")}
        </button>
        <Link to={subscription.accountHref} className={secondaryButton}>
          {t("dashboard.automaticRenewal.stopPage.keep")}
        </Link>
      </Form>
    </>
  );
}
