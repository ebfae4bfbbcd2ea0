import { Form, Link } from "react-router";
import { LabelInContext } from "../../components/LabelInContext";
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
  const label = (
    <LabelInContext
      label={t("dashboard.automaticRenewal.updateCard")}
      context={t("dashboard.automaticRenewal.updateCardContext", { reference })}
    />
  );
  if (line.cardUpdate === "portal") {
    return (
      <Form method="post" action={line.cardHref} reloadDocument>
        <input type="hidden" name="intent" value="portal" />
        <button type="submit" className={secondaryButton}>
          {label}
        </button>
      </Form>
    );
  }
  if (line.cardUpdate === "page") {
    return (
      <Link to={line.cardHref} className={secondaryButton}>
        {label}
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
        <a href={line.payUrl} className={secondaryButton}>
          <LabelInContext label={t("dashboard.automaticRenewal.pay")} context={t("dashboard.automaticRenewal.payContext", { reference })} />
        </a>
      ) : (
        <UpdateCard line={line} reference={reference} />
      )}
      <Link to={line.stopHref} className={secondaryButton}>
        <LabelInContext label={t("dashboard.automaticRenewal.stop")} context={t("dashboard.automaticRenewal.stopContext", { reference })} />
      </Link>
    </div>
  );
}

/**
 * An access's automatic renewal, as its card on the dashboard says it. Its heading is a level below what
 * holds it: the access's card on the dashboard (h3), the access's own page (h1).
 */
export function RenewalStatus({
  line,
  reference,
  heading: Heading = "h4",
}: {
  line: RenewalLine | null;
  reference: string;
  heading?: "h2" | "h4";
}) {
  const { t } = useAccountText();
  if (!line) return null;
  return (
    <div className="mt-4 border-t border-line pt-4" data-automatic-renewal={line.kind}>
      <Heading className="text-sm font-semibold text-text">{t("dashboard.automaticRenewal.heading")}</Heading>
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
