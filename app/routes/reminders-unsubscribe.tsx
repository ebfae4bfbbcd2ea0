import { data, Form, Link, type RouterContextProvider } from "react-router";
import { languageFromPath } from "../../common/languages";
import { actionOrLoaderHeaders, privateNoStore } from "../cache-control";
import { PageHeading } from "../components/PageHeading";
import { translatorFor } from "../i18n/registry";
import { useLocalizedPath } from "../i18n/use-language";
import { useTranslation } from "../i18n/use-translation";
import type { PageHandle } from "../page-handle";
import { confirmOptOut, type OptOutState, optOutState } from "../renewals/opt-outs.server";
import { pageMeta } from "../seo";
import { servicesOf } from "../services.server";
import type { Route } from "./+types/reminders-unsubscribe";

const tokenOf = (request: Request) => (new URL(request.url).searchParams.get("token") ?? "").slice(0, 1000);

async function database(context: Readonly<RouterContextProvider>) {
  const { db } = await servicesOf(context).catch(() => {
    throw data(null, { status: 503, headers: privateNoStore });
  });
  return db;
}

/**
 * The "no more renewal reminders" link of every reminder. Opening it only asks; the button (a POST) stops the
 * reminders, so a mail scanner that opens every link cannot unsubscribe anyone.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return data<OptOutState>(await optOutState(await database(context), tokenOf(request)), { headers: privateNoStore });
}

export async function action({ request, context }: Route.ActionArgs) {
  return data<OptOutState>(await confirmOptOut(await database(context), tokenOf(request)), { headers: privateNoStore });
}

export const headers: Route.HeadersFunction = actionOrLoaderHeaders;

/** The page names the customer's e-mail address: it is isolated. */
export const handle: PageHandle = { personal: true };

export const meta: Route.MetaFunction = ({ location }) => {
  const { t } = translatorFor(languageFromPath(location.pathname));
  return [
    ...pageMeta(location.pathname, "newsletter", { title: t("reminders.title"), description: t("reminders.description") }),
    { name: "robots", content: "noindex" },
  ];
};

export default function RemindersUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const state = actionData ?? loaderData;

  let title: string;
  let text: string;
  if (state.status === "unknown") [title, text] = [t("reminders.unknownHeading"), t("reminders.unknownText")];
  else if (state.status === "ask") [title, text] = [t("reminders.askHeading"), t("reminders.askText", { email: state.email })];
  else if (state.status === "done") [title, text] = [t("reminders.doneHeading"), t("reminders.doneText", { email: state.email })];
  else [title, text] = [t("reminders.doneHeading"), t("reminders.alreadyText", { email: state.email })];

  return (
    <PageHeading title={title} lead={text}>
      {state.status === "ask" ? (
        <Form method="post" className="mt-8">
          <button type="submit" className="min-h-12 rounded-full bg-cta px-6 font-semibold text-white">
            {t("reminders.button")}
          </button>
        </Form>
      ) : (
        <Link to={localized("/")} className="mt-8 inline-flex min-h-12 items-center rounded-full bg-cta px-6 font-semibold text-white">
          {t("reminders.backHome")}
        </Link>
      )}
    </PageHeading>
  );
}
