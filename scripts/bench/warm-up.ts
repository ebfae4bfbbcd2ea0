/**
 * Before anything is measured, the server meets every page once, as a phone would, with every file the
 * page names: what is measured is then the server visitors meet (pages rendered and cached, its code
 * compiled, its files read), not one that starts cold and renders the first pages measured while Chromium,
 * on the same two cores, is loading them.
 */

/** A phone's Chrome, as Lighthouse presents itself: not a crawler, so the same cached page as it gets. */
const phoneUserAgent =
  "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36";

/** The built files a page names (stylesheet, scripts, the modules its hydration imports), each once. */
export function assetPaths(html: string): string[] {
  return [...new Set(html.match(/\/assets\/[\w.-]+\.(?:js|css)\b/g) ?? [])];
}

async function get(url: string): Promise<string> {
  const response = await fetch(url, { headers: { "user-agent": phoneUserAgent, accept: "text/html,*/*" } });
  return response.text();
}

/** Each page twice (rendered, then from the cache), and each file the pages name once. */
export async function warmUp(base: string, urls: string[]): Promise<void> {
  const assets = new Set<string>();
  for (const url of urls) {
    await get(`${base}${url}`);
    for (const path of assetPaths(await get(`${base}${url}`))) assets.add(path);
  }
  for (const path of assets) await get(`${base}${path}`);
}
