import { Link } from "react-router";
import type { TrialListState } from "../../../server/db/trials-schema.ts";
import { ConsoleTable, cellClass } from "../list/ConsoleTable";
import { useOrderFormat } from "../orders/format";
import { useAdminText } from "../text";
import type { trialRow } from "./trials.server";

export type TrialRow = ReturnType<typeof trialRow>;
type ShownState = Exclude<TrialListState, "all">;

const columns = ["reference", "name", "email", "country", "confirmed", "ends", "state"] as const;

/** One row per confirmed trial; its state in words, the reference a link to its page. */
export function TrialsTable({ state, trials }: { state: TrialListState; trials: TrialRow[] }) {
  const { t } = useAdminText();
  const format = useOrderFormat();
  return (
    <ConsoleTable
      caption={t(`trials.captions.${state}`)}
      empty={t(`trials.empty.${state}`)}
      headers={columns.map((column) => t(`trials.columns.${column}`))}
    >
      {trials.map((trial) => (
        <tr key={trial.id}>
          <th scope="row" className={`${cellClass} whitespace-nowrap`}>
            <Link
              to={`/admin/trials/${encodeURIComponent(trial.reference)}`}
              className="font-semibold text-text underline underline-offset-2"
            >
              {trial.reference}
            </Link>
          </th>
          <td className={cellClass}>{trial.name}</td>
          <td className={`${cellClass} break-all`}>{trial.email}</td>
          <td className={cellClass}>{format.country(trial.country)}</td>
          <td className={`${cellClass} whitespace-nowrap`}>{trial.confirmed_at ? format.dateTime(trial.confirmed_at) : ""}</td>
          <td className={`${cellClass} whitespace-nowrap`}>{trial.ends_at ? format.dateTime(trial.ends_at) : ""}</td>
          <td className={cellClass}>{t(`trials.states.${trial.status as ShownState}`)}</td>
        </tr>
      ))}
    </ConsoleTable>
  );
}
