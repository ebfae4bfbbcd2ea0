import { Link } from "react-router";
import { inboxFilters } from "../../../server/db/admin-inbox.ts";
import { operatorContext } from "../../admin/auth.server";
import { consoleRead } from "../../admin/console-read.server";
import { loadInbox } from "../../admin/inbox/inbox.server";
import { MessageState } from "../../admin/inbox/MessageState";
import { ConsoleTable, cellClass } from "../../admin/list/ConsoleTable";
import { DateTime } from "../../admin/list/DateTime";
import { FilterForm } from "../../admin/list/FilterForm";
import { Pagination } from "../../admin/list/Pagination";
import { adminMeta } from "../../admin/meta";
import { useAdminText } from "../../admin/text";
import { servicesOf } from "../../services.server";
import type { Route } from "./+types/messages";

export async function loader({ request, context }: Route.LoaderArgs) {
  // The layout's gate has run; asking again fails closed should this route ever leave the layout.
  context.get(operatorContext);
  const { consoleDb } = await servicesOf(context);
  return consoleRead(() => loadInbox(consoleDb, new URL(request.url)));
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "inbox.title");

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { t, language } = useAdminText();
  const { filter, links, messages, waiting } = loaderData;
  return (
    <section>
      <h1 className="flex flex-wrap items-baseline gap-x-3 text-3xl font-extrabold text-text">
        {t("inbox.heading")}
        <span className="text-lg font-semibold text-muted">{t("inbox.waitingCount", { count: waiting })}</span>
      </h1>
      <FilterForm
        name="state"
        label={t("inbox.filterLabel")}
        value={filter}
        options={inboxFilters.map((value) => ({ value, label: t(`inbox.filters.${value}`) }))}
      />
      <ConsoleTable
        caption={t(`inbox.captions.${filter}`)}
        empty={t(`inbox.empty.${filter}`)}
        headers={(["received", "name", "email", "subject", "language", "state"] as const).map((column) => t(`inbox.columns.${column}`))}
      >
        {messages.map((message) => (
          <tr key={message.id}>
            <td className={`${cellClass} whitespace-nowrap`}>
              <DateTime language={language} iso={message.created_at} />
            </td>
            <td className={cellClass}>{message.name}</td>
            <td className={`${cellClass} break-all`}>{message.email}</td>
            <th scope="row" className={cellClass}>
              <Link to={`/admin/messages/${message.id}`} className="font-semibold text-accent underline underline-offset-2">
                {message.subject}
              </Link>
            </th>
            <td className={cellClass}>{t(`common.languageNames.${message.language}`)}</td>
            <td className={cellClass}>
              <MessageState handledAt={message.handled_at} />
            </td>
          </tr>
        ))}
      </ConsoleTable>
      <Pagination links={links} label={t("inbox.pages")} />
    </section>
  );
}
