import { site } from "../../../content/site";
import { trialListStates } from "../../../server/db/trials-schema.ts";
import { operatorContext } from "../../admin/auth.server";
import { consoleRead } from "../../admin/console-read.server";
import { FilterForm } from "../../admin/list/FilterForm";
import { Pagination } from "../../admin/list/Pagination";
import { adminMeta } from "../../admin/meta";
import { useAdminText } from "../../admin/text";
import { TrialsTable } from "../../admin/trials/TrialsTable";
import { loadTrialList } from "../../admin/trials/trials.server";
import { servicesOf } from "../../services.server";
import type { Route } from "./+types/trials";

/** The free trials: by default those waiting for the operator to create their line. */
export async function loader({ request, context }: Route.LoaderArgs) {
  context.get(operatorContext);
  const { consoleDb } = await servicesOf(context);
  return { ...(await consoleRead(() => loadTrialList(consoleDb, new URL(request.url)))), offered: site.trial.enabled };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "trials.title");

export default function Trials({ loaderData }: Route.ComponentProps) {
  const { t } = useAdminText();
  const { state, links, trials, offered } = loaderData;
  return (
    <section>
      <h1 className="text-3xl font-extrabold text-text">{t("trials.heading")}</h1>
      <p className="mt-2 max-w-3xl text-muted">{t("trials.intro")}</p>
      {!offered && <p className="mt-4 max-w-3xl rounded-card border border-line bg-surface p-4 text-text">{t("trials.off")}</p>}
      <FilterForm
        name="state"
        label={t("trials.filterLabel")}
        value={state}
        options={trialListStates.map((value) => ({ value, label: t(`trials.states.${value}`) }))}
      />
      <TrialsTable state={state} trials={trials} />
      <Pagination links={links} label={t("trials.pages")} />
    </section>
  );
}
