import { isRouteErrorResponse, Link } from "react-router";
import { readForm } from "../../../common/read-form.ts";
import { operatorContext } from "../../admin/auth.server";
import { consoleRead } from "../../admin/console-read.server";
import { MessageActions } from "../../admin/inbox/MessageActions";
import { changeMessageState, loadMessage, messageIntents } from "../../admin/inbox/message.server";
import { DateTime, formatDateTime } from "../../admin/list/DateTime";
import { adminMeta } from "../../admin/meta";
import { useAdminText } from "../../admin/text";
import { clientAddress } from "../../rate-limit.server";
import { servicesOf } from "../../services.server";
import type { Route } from "./+types/message";

export async function loader({ params, context }: Route.LoaderArgs) {
  context.get(operatorContext);
  const { consoleDb } = await servicesOf(context);
  return { message: await consoleRead(() => loadMessage(consoleDb, params.id)) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { operator } = context.get(operatorContext);
  const form = await readForm(request);
  const intent = messageIntents.find((candidate) => candidate === form?.intent);
  if (!intent) throw new Response(null, { status: 400 });
  const { db } = await servicesOf(context);
  const outcome = await changeMessageState(db, { param: params.id, intent, operator, address: clientAddress(request) });
  return { outcome };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "inbox.title");

export default function Message({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useAdminText();
  const { message } = loaderData;
  const row = "grid gap-1 sm:grid-cols-[10rem_1fr]";
  return (
    <article>
      <Link
        to="/admin/messages"
        className="inline-flex min-h-11 items-center text-sm font-semibold text-accent underline underline-offset-2"
      >
        {t("inbox.back")}
      </Link>
      <h1 className="mt-2 break-words text-3xl font-extrabold text-text">{message.subject}</h1>
      <section aria-labelledby="message-details" className="mt-6 rounded-card border border-line bg-surface p-6">
        <h2 id="message-details" className="sr-only">
          {t("inbox.details")}
        </h2>
        <dl className="grid gap-3 text-sm">
          <div className={row}>
            <dt className="font-semibold text-muted">{t("inbox.from")}</dt>
            <dd className="text-text">{message.name}</dd>
          </div>
          <div className={row}>
            <dt className="font-semibold text-muted">{t("inbox.columns.email")}</dt>
            <dd className="break-all text-text">{message.email}</dd>
          </div>
          <div className={row}>
            <dt className="font-semibold text-muted">{t("inbox.columns.language")}</dt>
            <dd className="text-text">{t(`common.languageNames.${message.language}`)}</dd>
          </div>
          <div className={row}>
            <dt className="font-semibold text-muted">{t("inbox.columns.received")}</dt>
            <dd className="text-text">
              <DateTime language={language} iso={message.created_at} />
            </dd>
          </div>
          <div className={row}>
            <dt className="font-semibold text-muted">{t("inbox.columns.state")}</dt>
            <dd className="text-text">
              {message.handled_at === null
                ? t("inbox.states.waiting")
                : t("inbox.handledBy", {
                    email: message.handled_by ?? t("common.none"),
                    date: formatDateTime(language, message.handled_at),
                  })}
            </dd>
          </div>
        </dl>
      </section>
      <section aria-labelledby="message-text" className="mt-6">
        <h2 id="message-text" className="text-xl font-bold text-text">
          {t("inbox.messageHeading")}
        </h2>
        <p className="mt-3 whitespace-pre-wrap break-words rounded-card border border-line bg-surface p-6 text-text">{message.message}</p>
      </section>
      <MessageActions message={message} outcome={actionData?.outcome} />
    </article>
  );
}

/** An unknown message, in the console's frame; anything else is the console's general error. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useAdminText();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section>
      <h1 className="text-3xl font-extrabold text-text">{notFound ? t("common.notFound") : t("common.error")}</h1>
      <p className="mt-3 text-muted">{notFound ? t("common.notFoundText") : t("common.errorText")}</p>
      <Link to="/admin/messages" className="mt-6 inline-flex min-h-11 items-center rounded-full bg-cta px-5 font-semibold text-white">
        {t("inbox.back")}
      </Link>
    </section>
  );
}
