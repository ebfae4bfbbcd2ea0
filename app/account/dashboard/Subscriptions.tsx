import { Link } from "react-router";
import { LabelInContext } from "../../components/LabelInContext";
import { useAccountText } from "../text";
import type { AccessState } from "./access-state";
import type { DeviceGuide } from "./load.server";
import { RenewalStatus } from "./RenewalStatus";
import type { AccessLine } from "./subscriptions.server";
import { card, primaryButton, secondaryButton, sectionHeading, textLink } from "./ui";

const stateLook: Record<AccessState["kind"], string> = {
  active: "border-success/50 bg-success/10 text-success",
  ending: "border-accent/50 bg-accent/10 text-accent",
  expired: "border-line bg-ink text-muted",
  revoked: "border-danger/50 bg-danger/10 text-danger",
};

function StateBadge({ state, trialHoursLeft }: { state: AccessState; trialHoursLeft: number | null }) {
  const { t } = useAccountText();
  const running = state.kind === "active" || state.kind === "ending";
  const words =
    trialHoursLeft !== null && running
      ? t("dashboard.subscriptions.trialEnds", { count: trialHoursLeft })
      : state.kind === "ending"
        ? t("dashboard.subscriptions.state.ending", { count: state.days })
        : t(`dashboard.subscriptions.state.${state.kind}`);
  return <span className={`inline-block rounded-full border px-3 py-1 text-sm font-semibold ${stateLook[state.kind]}`}>{words}</span>;
}

/** What comes next for the access: the reminders, or why there are none, and what renewing does. */
function NextSteps({ access }: { access: AccessLine }) {
  const { t } = useAccountText();
  // An access that renews by itself gets no reminders and needs no "renew" hint: its renewal says what comes.
  const renewsItself = access.renewal?.kind === "active" || access.renewal?.kind === "failing";
  const running = (access.state.kind === "active" || access.state.kind === "ending") && !renewsItself;
  const lines: string[] = [];
  if (access.trialHoursLeft !== null) lines.push(t("dashboard.subscriptions.trialHint"));
  else if (running && access.reminders.length > 0) {
    lines.push(t("dashboard.subscriptions.reminders", { dates: access.reminders.join(t("dashboard.subscriptions.remindersJoin")) }));
  } else if (running && access.remindersOff) lines.push(t("dashboard.subscriptions.remindersOff"));
  if (running && access.trialHoursLeft === null) lines.push(t("dashboard.subscriptions.renewHint"));
  if (access.state.kind === "expired" && access.renewHref) lines.push(t("dashboard.subscriptions.expiredHint"));
  if (access.state.kind === "revoked") lines.push(t("dashboard.subscriptions.revokedHint"));
  if (lines.length === 0) return null;
  return (
    <div className="mt-4">
      <h4 className="text-sm font-semibold text-text">{t("dashboard.subscriptions.nextLabel")}</h4>
      {lines.map((line) => (
        <p key={line} className="mt-1 text-sm text-muted">
          {line}
        </p>
      ))}
    </div>
  );
}

function AccessCard({ access, guides }: { access: AccessLine; guides: DeviceGuide[] }) {
  const { t } = useAccountText();
  const running = access.state.kind === "active" || access.state.kind === "ending";
  const headingId = `access-${access.reference}`;
  return (
    <li className={card}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={headingId} className="text-xl font-bold text-text">
            {access.trialHoursLeft === null
              ? t("dashboard.subscriptions.planLine", { plan: access.plan, count: access.viewers })
              : t("dashboard.subscriptions.trialLine", { count: access.viewers })}
          </h3>
          <p className="mt-1 text-sm text-muted">{t("dashboard.subscriptions.reference", { reference: access.reference })}</p>
        </div>
        <StateBadge state={access.state} trialHoursLeft={access.trialHoursLeft} />
      </div>
      <dl className="mt-4 text-sm">
        <dt className="font-semibold text-text">
          {running ? t("dashboard.subscriptions.endsLabel") : t("dashboard.subscriptions.endedLabel")}
        </dt>
        <dd className="text-muted">{access.endsAt}</dd>
      </dl>
      <RenewalStatus line={access.renewal} reference={access.reference} />
      <NextSteps access={access} />
      <div className="mt-5 flex flex-wrap gap-3">
        {access.renewHref && (
          <a href={access.renewHref} className={primaryButton}>
            <LabelInContext
              label={t("dashboard.subscriptions.renew")}
              context={t("dashboard.subscriptions.renewContext", { plan: access.plan, reference: access.reference })}
            />
          </a>
        )}
        {access.state.kind !== "revoked" && (
          <Link to={access.detailsHref} className={secondaryButton}>
            <LabelInContext
              label={t("dashboard.subscriptions.details")}
              context={t("dashboard.subscriptions.detailsContext", { reference: access.reference })}
            />
          </Link>
        )}
      </div>
      {running && guides.length > 0 && (
        <div className="mt-5 border-t border-line pt-4">
          <h4 className="text-sm font-semibold text-text">{t("dashboard.subscriptions.guides")}</h4>
          <ul className="mt-2 space-y-1 text-sm">
            {guides.map((guide) => (
              <li key={guide.href}>
                <Link to={guide.href} className={textLink}>
                  {guide.title}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </li>
  );
}

export function Subscriptions({ accesses, guides }: { accesses: AccessLine[]; guides: DeviceGuide[] }) {
  const { t } = useAccountText();
  return (
    <section aria-labelledby="subscriptions-heading" className="mt-10">
      <h2 id="subscriptions-heading" className={sectionHeading}>
        {t("dashboard.subscriptions.heading")}
      </h2>
      {accesses.length === 0 ? (
        <p className="mt-3 text-muted">{t("dashboard.subscriptions.none")}</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {accesses.map((access) => (
            <AccessCard key={access.reference} access={access} guides={guides} />
          ))}
        </ul>
      )}
    </section>
  );
}
