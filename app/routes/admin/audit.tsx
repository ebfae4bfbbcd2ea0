import { actionName } from "../../admin/audit/action-name";
import { knownAuditActions } from "../../admin/audit/actions";
import { loadAuditLog } from "../../admin/audit/audit.server";
import { operatorContext } from "../../admin/auth.server";
import { consoleRead } from "../../admin/console-read.server";
import { ConsoleTable, cellClass } from "../../admin/list/ConsoleTable";
import { DateTime } from "../../admin/list/DateTime";
import { FilterForm } from "../../admin/list/FilterForm";
import { Pagination } from "../../admin/list/Pagination";
import { adminMeta } from "../../admin/meta";
import { useAdminText } from "../../admin/text";
import { servicesOf } from "../../services.server";
import type { Route } from "./+types/audit";

export async function loader({ request, context }: Route.LoaderArgs) {
  context.get(operatorContext);
  const { consoleDb } = await servicesOf(context);
  return consoleRead(() => loadAuditLog(consoleDb, new URL(request.url)));
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "audit.title");

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { t, language } = useAdminText();
  const { action, links, matching, entries } = loaderData;
  // An action typed into the address that the list does not know is still offered, so the filter shows it.
  const actions =
    action === null || (knownAuditActions as readonly string[]).includes(action) ? knownAuditActions : [...knownAuditActions, action];
  const none = t("common.none");
  return (
    <section>
      <h1 className="text-3xl font-extrabold text-text">{t("audit.heading")}</h1>
      <p className="mt-3 max-w-2xl text-muted">{t("audit.intro")}</p>
      <FilterForm
        name="action"
        label={t("audit.filterLabel")}
        value={action ?? ""}
        options={[{ value: "", label: t("audit.allActions") }, ...actions.map((value) => ({ value, label: actionName(t, value) }))]}
      />
      <p className="mt-4 text-sm text-muted">
        {matching.more
          ? t("audit.totalMore", { number: new Intl.NumberFormat(language).format(matching.count) })
          : t("audit.total", { count: matching.count })}
      </p>
      <ConsoleTable
        caption={t("audit.caption")}
        empty={action === null ? t("audit.empty") : t("audit.emptyFiltered")}
        headers={(["time", "operator", "action", "subject", "address", "details"] as const).map((column) => t(`audit.columns.${column}`))}
      >
        {entries.map((entry) => (
          <tr key={entry.id}>
            <td className={`${cellClass} whitespace-nowrap`}>
              <DateTime language={language} iso={entry.at} seconds />
            </td>
            <td className={`${cellClass} break-all`}>{entry.operator ?? none}</td>
            <td className={cellClass}>{actionName(t, entry.action)}</td>
            <td className={`${cellClass} break-all`}>{entry.subject ?? none}</td>
            <td className={`${cellClass} whitespace-nowrap`}>{entry.address}</td>
            <td className={`${cellClass} break-words`}>{entry.details ?? none}</td>
          </tr>
        ))}
      </ConsoleTable>
      <Pagination links={links} label={t("audit.pages")} />
    </section>
  );
}
