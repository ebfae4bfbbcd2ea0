import { data, Link } from "react-router";
import { readForm } from "../../../common/read-form.ts";
import { findTrialByReference } from "../../../server/db/trials.ts";
import { logger } from "../../../server/logger.ts";
import { TRIAL_ENDING_MAIL_HOURS } from "../../access/schedule.server";
import { operatorContext } from "../../admin/auth.server";
import { consoleRead } from "../../admin/console-read.server";
import { adminMeta } from "../../admin/meta";
import { ActionNotice } from "../../admin/orders/ActionNotice";
import type { ActionResult } from "../../admin/orders/action-result";
import { consoleServices } from "../../admin/orders/console-services.server";
import { DeliverForm } from "../../admin/orders/DeliverForm";
import { FactList } from "../../admin/orders/FactList";
import { useOrderFormat } from "../../admin/orders/format";
import { linkClass, panelClass } from "../../admin/orders/ui";
import { useAdminText } from "../../admin/text";
import { deliverTrialByHand, loadTrialPage } from "../../admin/trials/trials.server";
import { clientAddress } from "../../rate-limit.server";
import { servicesOf } from "../../services.server";
import type { Route } from "./+types/trial";

/** One free trial: who asked, where it stands, and (while it waits) the form that delivers its line by hand. */
export async function loader({ params, context }: Route.LoaderArgs) {
  context.get(operatorContext);
  const services = consoleServices(await servicesOf(context));
  const page = await consoleRead(() => loadTrialPage(services, params.reference));
  if (!page) throw data(null, { status: 404 });
  return { ...page, endingMailHours: TRIAL_ENDING_MAIL_HOURS };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { operator } = context.get(operatorContext);
  const form = (await readForm(request)) ?? {};
  const services = consoleServices(await servicesOf(context));
  const trial = await findTrialByReference(services.db, params.reference);
  if (!trial || trial.status === "requested") throw data(null, { status: 404 });
  try {
    const result = await deliverTrialByHand(services, operator, trial, form, clientAddress(request));
    return data(result, { status: result.ok ? 200 : 400 });
  } catch (error) {
    // The reason only: the form holds access details, which never reach a log.
    logger.error({ trial: trial.reference, reason: (error as Error).message }, "A trial delivery failed");
    const failed: ActionResult = { intent: "unknown", ok: false, message: { key: "common.unavailable" } };
    return data(failed, { status: 503 });
  }
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "trials.title");

export default function TrialPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminText();
  const format = useOrderFormat();
  const { trial, canSeal, endingMailHours } = loaderData;
  const viewers = t("trials.detail.viewers", { count: trial.viewers });
  const when = (iso: string | null) => (iso ? format.dateTime(iso) : "");
  const facts = [
    [t("trials.detail.name"), trial.name],
    [t("trials.detail.email"), trial.email],
    [t("trials.detail.country"), format.country(trial.country)],
    [t("trials.detail.language"), format.languageName(trial.language)],
    [t("trials.detail.length"), t("trials.detail.lengthValue", { count: trial.hours, viewers })],
    [t("trials.detail.requested"), when(trial.created_at)],
    [t("trials.detail.confirmed"), when(trial.confirmed_at)],
    ...(trial.delivered_at ? [[t("trials.detail.delivered"), when(trial.delivered_at)] as const] : []),
    ...(trial.ends_at ? [[t("trials.detail.ends"), when(trial.ends_at)] as const] : []),
  ] as const;
  return (
    <article aria-labelledby="trial-heading" className="grid gap-6">
      <div>
        <Link to="/admin/trials" className={`${linkClass} text-sm`}>
          {t("trials.detail.back")}
        </Link>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <h1 id="trial-heading" className="text-3xl font-extrabold text-text">
            {t("trials.detail.heading", { reference: trial.reference })}
          </h1>
          <span className="rounded-full border border-line px-3 py-1 text-sm font-semibold text-text">
            {t(`trials.states.${trial.status === "requested" ? "confirmed" : trial.status}`)}
          </span>
        </div>
        <ActionNotice result={actionData} />
      </div>
      {trial.status === "confirmed" ? (
        <section className={panelClass} aria-labelledby="trial-next">
          <h2 id="trial-next" className="mb-2 text-lg font-bold text-text">
            {t("trials.detail.next")}
          </h2>
          <p className="mb-4 text-sm text-muted">{t("trials.detail.waiting", { hours: trial.hours, viewers })}</p>
          <DeliverForm email={trial.email} canSeal={canSeal} result={actionData} />
        </section>
      ) : (
        <p className={`${panelClass} text-sm text-muted`}>{t("trials.detail.deliveredNote", { hours: endingMailHours })}</p>
      )}
      <FactList id="trial-facts" heading={t("trials.detail.facts")} facts={facts} />
    </article>
  );
}
