import { isbot } from "isbot";
import { Suspense } from "react";
import { isRouteErrorResponse, Outlet, Scripts, useLocation, useRouteLoaderData } from "react-router";
import { claimVariables, rememberClaimVariables } from "../common/claims.ts";
import { languageFacts, languageFromPath, requestPathname } from "../common/languages";
import type { Route } from "./+types/root";
import { ConsoleError } from "./admin/ConsoleError";
import { isConsolePath } from "./admin/console-path";
import { adminLanguage } from "./admin/language.server";
import stylesheet from "./app.css?url";
import { DocumentHead } from "./components/DocumentHead";
import { ErrorPage } from "./components/ErrorPage";
import { HydratedMark } from "./components/HydratedMark";
import { lazyComponent } from "./components/lazy-component";
import { useNonce } from "./components/nonce";
import { ScrollRestoration } from "./components/ScrollRestoration";
import { SiteShell } from "./components/SiteShell";
import { planPriceTexts, rememberPlanPriceTexts } from "./content/plans";
import { faviconHref } from "./favicon";
import { loadMessages } from "./i18n/messages.client";
import { hasMessages, registerMessages, translatorFor } from "./i18n/registry";
import { pageMeta } from "./seo";
import { provideServices } from "./service-host.server";

/**
 * The icon is written into the page (app/favicon.ts); the web manifest's link is added by the page's script
 * once it has painted (app/hydrate-after-paint.ts).
 */
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: faviconHref, type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

/** Every loader and action finds the shop's services in its context (`servicesOf`). */
export const middleware: Route.MiddlewareFunction[] = [provideServices];

/** The page's language comes from its URL (the console's from the operator); crawlers get every lazy section at once. */
export function loader({ request }: Route.LoaderArgs) {
  const pathname = requestPathname(request);
  const language = isConsolePath(pathname) ? adminLanguage(request) : languageFromPath(pathname);
  return {
    language,
    crawler: isbot(request.headers.get("user-agent")),
    claims: claimVariables(language),
    prices: planPriceTexts(language),
  };
}

/** In the browser: loads the messages of the language being navigated to before the page renders. */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  // The console's language is the operator's, which only the server knows.
  if (isConsolePath(requestPathname(request))) return serverLoader();
  const language = languageFromPath(requestPathname(request));
  if (!hasMessages(language)) registerMessages({ [language]: await loadMessages(language) });
  return {
    language,
    crawler: isbot(navigator.userAgent),
    claims: claimVariables(language),
    prices: planPriceTexts(language),
  };
}

/**
 * Only an error page uses this: every page's own meta replaces it. A missing article (or any 404 thrown by
 * a loader) gets the not-found page's title and noindex; other errors the error page's title.
 */
export const meta: Route.MetaFunction = ({ error, location }) => {
  if (!error) return [];
  if (isRouteErrorResponse(error) && error.status === 404) return pageMeta(location.pathname, "notFound");
  const { t } = translatorFor(languageFromPath(location.pathname));
  return pageMeta(location.pathname, "notFound", { title: t("error.heading"), description: t("error.text") });
};

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const location = useLocation();
  const language = data?.language ?? languageFromPath(location.pathname);
  if (data) {
    rememberClaimVariables(data.language, data.claims);
    rememberPlanPriceTexts(data.language, data.prices);
  }
  const nonce = useNonce();
  return (
    <html lang={language} dir={languageFacts(language).direction}>
      <head>
        <DocumentHead />
      </head>
      <body className="bg-ink text-text antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const inConsole = isConsolePath(useLocation().pathname);
  if (inConsole) {
    return (
      <>
        <Outlet />
        <HydratedMark />
      </>
    );
  }
  return (
    <SiteShell language={loaderData.language}>
      <Outlet />
    </SiteShell>
  );
}

/** The not-found page's code loads only on a page that is not found. */
const NotFoundPage = lazyComponent(() => import("./components/NotFoundPage").then((module) => module.NotFoundPage)).Component;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { pathname } = useLocation();
  const language = languageFromPath(pathname);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  if (isConsolePath(pathname)) return <ConsoleError notFound={notFound} />;
  return (
    <SiteShell language={language}>
      <Suspense>{notFound ? <NotFoundPage /> : <ErrorPage />}</Suspense>
    </SiteShell>
  );
}
