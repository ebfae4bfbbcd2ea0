import type { Route } from "./+types/article";

/** Articles are published by the blog; until one exists under this slug, the address is not found. */
export function loader(_: Route.LoaderArgs) {
  throw new Response(null, { status: 404 });
}

export default function Article() {
  return null;
}
