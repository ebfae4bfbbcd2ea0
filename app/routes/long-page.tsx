import { data, useLocation } from "react-router";
import { languageFromPath, pathWithoutLanguage, requestPathname } from "../../common/languages";
import { actionOrLoaderHeaders, sharedForAMinute } from "../cache-control";
import { PageHeading } from "../components/PageHeading";
import { StaticContent } from "../components/StaticContent";
import { getLongPage, type LongPage, longPages } from "../content/pages.server";
import { useTranslation } from "../i18n/use-translation";
import { pageMeta } from "../seo";
import type { Route } from "./+types/long-page";

/** About, terms and privacy: one module, the page chosen by the URL, the text from content/pages. */
export function loader({ request }: Route.LoaderArgs) {
  const pathname = requestPathname(request);
  const name = pathWithoutLanguage(pathname).slice(1) as LongPage;
  if (!longPages.includes(name)) throw new Response(null, { status: 404 });
  return data({ name, page: getLongPage(name, languageFromPath(pathname)) }, { headers: sharedForAMinute });
}

export const headers: Route.HeadersFunction = actionOrLoaderHeaders;

export const meta: Route.MetaFunction = ({ location, loaderData }) =>
  pageMeta(location.pathname, loaderData?.name ?? "notFound", loaderData?.page);

export default function LongPageRoute({ loaderData: { name, page } }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <StaticContent as="article" version={pathname}>
      <PageHeading title={page.title} lead={page.description}>
        {name !== "about" && (
          <p className="mt-4 text-sm text-muted">
            <time dateTime={page.updated}>{t("common.lastUpdated", { date: page.updatedText })}</time>
          </p>
        )}
      </PageHeading>
      <div className="container-page max-w-3xl py-12">
        {/* Rendered from the operator's own Markdown files at start-up. */}
        <div className="prose-page" dangerouslySetInnerHTML={{ __html: page.html }} />
      </div>
    </StaticContent>
  );
}
