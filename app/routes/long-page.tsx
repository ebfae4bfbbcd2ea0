import { useTranslation } from "react-i18next";
import { PageHeading } from "../components/PageHeading";
import { getLongPage, type LongPage, longPages } from "../content/pages.server";
import { languageFromPath, localeTags, pathWithoutLanguage } from "../i18n/languages";
import { pageMeta } from "../seo";
import type { Route } from "./+types/long-page";

/** About, terms and privacy: one module, the page chosen by the URL, the text from content/pages. */
export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  const name = pathWithoutLanguage(pathname).slice(1) as LongPage;
  if (!longPages.includes(name)) throw new Response(null, { status: 404 });
  return { name, page: getLongPage(name, languageFromPath(pathname)) };
}

export const meta: Route.MetaFunction = ({ location, loaderData }) =>
  pageMeta(location.pathname, loaderData?.name ?? "notFound", loaderData?.page);

export default function LongPageRoute({ loaderData: { name, page } }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const updated = new Intl.DateTimeFormat(localeTags[i18n.language as keyof typeof localeTags], { dateStyle: "long" }).format(
    new Date(`${page.updated}T12:00:00Z`),
  );
  return (
    <article>
      <PageHeading title={page.title} lead={page.description}>
        {name !== "about" && <p className="mt-4 text-sm text-muted">{t("common.lastUpdated", { date: updated })}</p>}
      </PageHeading>
      <div className="container-page max-w-3xl py-12">
        {/* Rendered from the operator's own Markdown files at start-up. */}
        <div className="prose-page" dangerouslySetInnerHTML={{ __html: page.html }} />
      </div>
    </article>
  );
}
