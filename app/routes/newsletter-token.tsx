import { data, Form, Link } from "react-router";
import { pathWithoutLanguage, requestPathname } from "../../common/languages";
import { confirmSubscription, findSubscriberByToken, unsubscribe } from "../../server/db/repositories.ts";
import { actionOrLoaderHeaders, privateNoStore } from "../cache-control";
import { PageHeading } from "../components/PageHeading";
import { useLocalizedPath } from "../i18n/use-language";
import { useTranslation } from "../i18n/use-translation";
import type { PageHandle } from "../page-handle";
import { pageMeta } from "../seo";
import { servicesOf } from "../services.server";
import type { Route } from "./+types/newsletter-token";

const isConfirmLink = (request: Request) => pathWithoutLanguage(requestPathname(request)) === "/newsletter/confirm";
const tokenOf = (request: Request) => (new URL(request.url).searchParams.get("token") ?? "").slice(0, 200);

/**
 * The two links of newsletter mails. Confirming happens on opening the link. Unsubscribing asks for a click
 * (a POST), so a mail scanner that opens every link cannot unsubscribe anyone.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const kind = isConfirmLink(request) ? "confirm" : "unsubscribe";
  const token = tokenOf(request);
  const { db } = await servicesOf(context).catch(() => {
    throw data(null, { status: 503 });
  });
  if (kind === "confirm") {
    const result = await confirmSubscription(db, token);
    // No address here, but the link is one subscriber's, and a stored copy would answer it without confirming.
    return data({ kind, status: result.status, email: null }, { headers: privateNoStore });
  }
  const subscriber = token ? await findSubscriberByToken(db, token) : undefined;
  const status = !subscriber ? "unknown-token" : subscriber.unsubscribed_at ? "already-unsubscribed" : "ask";
  return data({ kind, status, email: subscriber?.email ?? null }, { headers: privateNoStore });
}

/** The unsubscribe button. The confirm link takes no post: with the same token it would unsubscribe. */
export async function action({ request, context }: Route.ActionArgs) {
  // The page then shows what its link says, as on a GET.
  if (isConfirmLink(request)) return data({ status: undefined }, { status: 405, headers: { ...privateNoStore, Allow: "GET, HEAD" } });
  const { db } = await servicesOf(context).catch(() => {
    throw data(null, { status: 503 });
  });
  const result = await unsubscribe(db, tokenOf(request));
  return data({ status: result.status }, { headers: privateNoStore });
}

export const headers: Route.HeadersFunction = actionOrLoaderHeaders;

/** The page names the subscriber's e-mail address: it is isolated. */
export const handle: PageHandle = { personal: true };

export const meta: Route.MetaFunction = ({ location }) => [
  ...pageMeta(location.pathname, "newsletter"),
  { name: "robots", content: "noindex" },
];

export default function NewsletterToken({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const status = actionData?.status ?? loaderData.status;

  let title: string;
  let text: string;
  if (status === "unknown-token") [title, text] = [t("newsletter.unknownToken"), t("newsletter.unknownTokenText")];
  else if (status === "confirmed") [title, text] = [t("newsletter.confirmed"), t("newsletter.confirmedText")];
  else if (status === "already-confirmed") [title, text] = [t("newsletter.confirmed"), t("newsletter.alreadyConfirmed")];
  else if (status === "ask")
    [title, text] = [t("newsletter.unsubscribeHeading"), t("newsletter.unsubscribeText", { email: loaderData.email ?? "" })];
  else [title, text] = [t("newsletter.unsubscribed"), t("newsletter.unsubscribedText")];

  return (
    <PageHeading title={title} lead={text}>
      {status === "ask" ? (
        <Form method="post" className="mt-8">
          <button type="submit" className="min-h-12 rounded-full bg-cta px-6 font-semibold text-white">
            {t("newsletter.unsubscribeButton")}
          </button>
        </Form>
      ) : (
        <Link to={localized("/")} className="mt-8 inline-flex min-h-12 items-center rounded-full bg-cta px-6 font-semibold text-white">
          {t("newsletter.backHome")}
        </Link>
      )}
    </PageHeading>
  );
}
