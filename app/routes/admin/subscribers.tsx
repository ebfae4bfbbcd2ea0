import { subscriberFilters } from "../../../server/db/admin-subscribers.ts";
import { operatorContext } from "../../admin/auth.server";
import { consoleRead } from "../../admin/console-read.server";
import { ConsoleTable, cellClass } from "../../admin/list/ConsoleTable";
import { DateTime } from "../../admin/list/DateTime";
import { FilterForm } from "../../admin/list/FilterForm";
import { Pagination } from "../../admin/list/Pagination";
import { adminMeta } from "../../admin/meta";
import { StateCounts } from "../../admin/subscribers/StateCounts";
import { loadSubscribers } from "../../admin/subscribers/subscribers.server";
import { useAdminText } from "../../admin/text";
import { servicesOf } from "../../services.server";
import type { Route } from "./+types/subscribers";

export async function loader({ request, context }: Route.LoaderArgs) {
  context.get(operatorContext);
  const { consoleDb } = await servicesOf(context);
  return consoleRead(() => loadSubscribers(consoleDb, new URL(request.url)));
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "subscribers.title");

export default function Subscribers({ loaderData }: Route.ComponentProps) {
  const { t, language } = useAdminText();
  const { filter, links, total, subscribers, counts } = loaderData;
  const when = (iso: string | null) => (iso ? <DateTime language={language} iso={iso} /> : t("common.none"));
  return (
    <section>
      <h1 className="text-3xl font-extrabold text-text">{t("subscribers.heading")}</h1>
      <StateCounts counts={counts} />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <FilterForm
          name="state"
          label={t("subscribers.filterLabel")}
          value={filter}
          options={subscriberFilters.map((value) => ({
            value,
            label: value === "all" ? t("subscribers.allStates") : t(`subscribers.states.${value}`),
          }))}
        />
        <div className="max-w-sm">
          {/* A plain link, without `download`: the file is not a page for the router, and should the session have
              ended, the browser shows the sign-in page instead of saving it as the CSV. */}
          <a
            href={`/admin/subscribers.csv?state=${filter}`}
            aria-describedby="export-hint"
            className="inline-flex min-h-11 items-center rounded-full border border-line px-5 font-semibold text-text hover:border-accent"
          >
            {t("subscribers.export")}
          </a>
          <p id="export-hint" className="mt-1.5 text-xs text-muted">
            {t("subscribers.exportHint", { count: total })}
          </p>
        </div>
      </div>
      <ConsoleTable
        caption={t(`subscribers.captions.${filter}`)}
        empty={t(`subscribers.empty.${filter}`)}
        headers={(["email", "language", "signedUp", "confirmed", "unsubscribed"] as const).map((column) =>
          t(`subscribers.columns.${column}`),
        )}
      >
        {subscribers.map((subscriber) => (
          <tr key={subscriber.id}>
            <th scope="row" className={`${cellClass} break-all font-normal`}>
              {subscriber.email}
            </th>
            <td className={cellClass}>{t(`common.languageNames.${subscriber.language}`)}</td>
            <td className={`${cellClass} whitespace-nowrap`}>{when(subscriber.created_at)}</td>
            <td className={`${cellClass} whitespace-nowrap`}>{when(subscriber.confirmed_at)}</td>
            <td className={`${cellClass} whitespace-nowrap`}>{when(subscriber.unsubscribed_at)}</td>
          </tr>
        ))}
      </ConsoleTable>
      <Pagination links={links} label={t("subscribers.pages")} />
    </section>
  );
}
