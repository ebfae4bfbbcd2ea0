import { Form, Link, useNavigation } from "react-router";
import { site } from "../../../content/site";
import { useLocalizedPath } from "../../i18n/use-language";
import { RenewalStatus } from "../dashboard/RenewalStatus";
import type { RenewalLine } from "../dashboard/renewal-line";
import { card, primaryButton, secondaryButton, textLink } from "../dashboard/ui";
import { useAccountText } from "../text";
import type { AccessAnswer, AccessView } from "./page.server";
import type { RevealOutcome } from "./reveal.server";

function Details({ details }: { details: Extract<RevealOutcome, { outcome: "revealed" }>["details"] }) {
  const { t } = useAccountText();
  return (
    <div role="status" className="mt-6 rounded-card border border-success/40 bg-success/10 p-5">
      <p className="font-medium text-text">{t("dashboard.access.revealed")}</p>
      <dl className="mt-4 space-y-3">
        {site.access.fields.map((field) => (
          <div key={field}>
            <dt className="text-sm font-semibold text-text">{t(`dashboard.access.fields.${field}`)}</dt>
            <dd className="mt-0.5 break-all font-mono text-text">{details[field]}</dd>
          </div>
        ))}
        {details.note && (
          <div>
            <dt className="text-sm font-semibold text-text">{t("dashboard.access.fields.note")}</dt>
            <dd className="mt-0.5 whitespace-pre-line text-text">{details.note}</dd>
          </div>
        )}
      </dl>
    </div>
  );
}

/** What the last button did, in words (the reveal's details, or why not; the mail sent, or why not). */
function Outcome({ answer, email }: { answer: AccessAnswer | undefined; email: string }) {
  const { t } = useAccountText();
  if (!answer) return null;
  const { result } = answer;
  if (result.outcome === "revealed") return <Details details={result.details} />;
  const good = result.outcome === "sent";
  const words = {
    sent: t("dashboard.access.sent", { email }),
    "too-soon": t("dashboard.access.tooSoon"),
    revoked: t("dashboard.access.revoked"),
    unavailable: t("dashboard.access.notReady"),
  }[result.outcome];
  return (
    <p
      role={good ? "status" : "alert"}
      className={`mt-6 rounded-card border p-4 font-medium text-text ${good ? "border-success/40 bg-success/10" : "border-danger/50 bg-danger/10"}`}
    >
      {words}
    </p>
  );
}

export function AccessPage({
  access,
  answer,
  renewal = null,
}: {
  access: AccessView;
  answer: AccessAnswer | undefined;
  renewal?: RenewalLine | null;
}) {
  const { t } = useAccountText();
  const localized = useLocalizedPath();
  const busy = useNavigation().state === "submitting";
  const revoked = access.state.kind === "revoked";
  return (
    <>
      <p>
        <Link to={localized("/account")} className={textLink}>
          {t("dashboard.access.back")}
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-text sm:text-4xl">
        {t("dashboard.access.title", { reference: access.reference })}
      </h1>
      <p className="mt-2 text-muted">
        {t("dashboard.subscriptions.planLine", { plan: access.plan, count: access.viewers })} ·{" "}
        {access.state.kind === "ending"
          ? t("dashboard.subscriptions.state.ending", { count: access.state.days })
          : t(`dashboard.subscriptions.state.${access.state.kind}`)}{" "}
        · {access.endsAt}
      </p>
      <div className={`mt-6 ${card}`}>
        {revoked ? (
          <p className="text-text">{t("dashboard.access.revoked")}</p>
        ) : (
          <>
            <p className="text-text">{t("dashboard.access.intro")}</p>
            <div className="mt-5 flex flex-wrap gap-3">
              <Form method="post">
                <input type="hidden" name="intent" value="reveal" />
                <button type="submit" className={primaryButton} disabled={busy} aria-describedby="reveal-hint">
                  {t("dashboard.access.reveal")}
                </button>
              </Form>
              <Form method="post">
                <input type="hidden" name="intent" value="resend" />
                <button type="submit" className={secondaryButton} disabled={busy} aria-describedby="resend-hint">
                  {t("dashboard.access.resend")}
                </button>
              </Form>
            </div>
            <p id="reveal-hint" className="mt-3 text-sm text-muted">
              {t("dashboard.access.revealHint")}
            </p>
            <p id="resend-hint" className="mt-1 text-sm text-muted">
              {t("dashboard.access.resendHint", { email: access.email })}
            </p>
          </>
        )}
      </div>
      <Outcome answer={answer} email={access.email} />
      {renewal && (
        <div className={`mt-6 ${card}`}>
          <RenewalStatus line={renewal} reference={access.reference} heading="h2" />
        </div>
      )}
    </>
  );
}
