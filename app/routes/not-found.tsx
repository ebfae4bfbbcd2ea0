import { data, redirect } from "react-router";
import { actionOrLoaderHeaders } from "../cache-control";
import { NotFoundPage } from "../components/NotFoundPage";
import { pageMeta } from "../seo";
import { singleLeadingSlash } from "../site-path";
import type { Route } from "./+types/not-found";

/** Any unknown path: the not-found page with status 404. `/en/...` is the unprefixed English page. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (/^\/en(\/|$)/.test(url.pathname)) throw redirect(singleLeadingSlash(url.pathname.slice(3)) + url.search, 301);
  return data(null, { status: 404 });
}

export const headers: Route.HeadersFunction = actionOrLoaderHeaders;

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, "notFound");

export default function NotFound() {
  return <NotFoundPage />;
}
