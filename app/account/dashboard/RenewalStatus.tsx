import { Form, Link } from "react-router";
import { useAccountText } from "../text";
import type { KeptCard, RenewalLine } from "./renewal-line";
import { secondaryButton } from "./ui";

type Live = Extract<RenewalLine, { kind: "active" | "failing" }>;

function CardLine({ card }: { card: KeptCard | null }) {
  const { t } = useAccountText();
  return card ? <p className="mt-1 text-sm text-muted">{t("dashboard.automaticRenewal.card", { ...card })}</p> : null;
}

/** "Update card": a POST that goes to Stripe's hosted page, or a link to our own card page (the test gateway). */
function UpdateCard({ line, reference }: { line: Live; reference: string }) {
  const { t } = useAccountText();
  const label = t("dashboard.automaticRenewal.updateCardLabel", { reference });
  if (line.cardUpdate === "portal") {
    return (
      <Form method="post" action={line.cardHref} reloadDocument>
        <input type="hidden" name="intent" value="portal" />
        <button type="submit" className={secondaryButton} aria-label={label}>
          {t("dashboard.automaticRenewal.updateCard")}
        </button>
      </Form>
    );
  }
  if (line.cardUpdate === "page") {
    return (
      <Link to={line.cardHref} className={secondaryButton} aria-label={label}>
        {t("dashboard.automaticRenewal.updateCard")}
      </Link>
    );
  }
  return null;
}

function LiveActions({ line, reference }: { line: Live; reference: string }) {
  const { t } = useAccountText();
  return (
    <div className="mt-3 flex flex-wrap gap-3">
      {line.kind === "failing" && line.payUrl ? (
        <a href={line.payUrl} className={secondaryButton} aria-label={t("dashboard.automaticRenewal.payLabel", { reference })}>
          {t("dashboard.automaticRenewal.pay")}
        </a>
      ) : (
        <UpdateCard line={line} reference={reference} />
      )}
      <Link to={line.stopHref} className={secondaryButton} aria-label={t("dashboard.automaticRenewal.stopLabel", { reference })}>
        {t("dashboard.automaticRenewal.stop")}
      </Link>
    </div>
  );
}

/** An access's automatic renewal, as its card on the dashboard says it. */
export function RenewalStatus({ line, reference }: { line: RenewalLine | null; reference: string }) {
  const { t } = useAccountText();
  if (!line) return null;
  return (
    <div className="mt-4 border-t border-line pt-4" data-automatic-renewal={line.kind}>
      <h4 className="text-sm font-semibold text-text">{t("dashboard.automaticRenewal.heading")}</h4>
      {line.kind === "active" && (
        <>
          {line.nextCharge && (
            <p className="mt-1 text-sm text-text">
              {t("dashboard.automaticRenewal.active", { date: line.nextCharge, amount: line.amount })}
            </p>
          )}
          <CardLine card={line.card} />
          <LiveActions line={line} reference={reference} />
        </>
      )}
      {line.kind === "failing" && (
        <>
          <p className="mt-1 text-sm font-semibold text-danger">{t("dashboard.automaticRenewal.failing")}</p>
          <p className="mt-1 text-sm text-muted">
            {line.retryAt ? t("dashboard.automaticRenewal.retry", { date: line.retryAt }) : t("dashboard.automaticRenewal.noRetry")}
          </p>
          <CardLine card={line.card} />
          <LiveActions line={line} reference={reference} />
        </>
      )}
      {line.kind === "stopping" && (
        <p className="mt-1 text-sm text-muted">{t("dashboard.automaticRenewal.stopping", { date: line.endsAt })}</p>
      )}
      {line.kind === "ended-failed" && <p className="mt-1 text-sm text-muted">{t("dashboard.automaticRenewal.endedFailed")}</p>}
    </div>
  );
}
