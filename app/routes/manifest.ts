import { webManifest } from "../content/web-manifest.server";

export function loader() {
  return new Response(JSON.stringify(webManifest()), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
