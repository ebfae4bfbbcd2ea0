/** Checks made on every request before the app sees it: where a form post comes from, how big it is. */

export const maxBodyBytes = 64 * 1024;

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A response refusing the request, or null to let it through: form posts from another site are refused
 * (browsers say where a request comes from in Sec-Fetch-Site and Origin), and bodies over 64 KiB or of
 * unknown length are refused before they are read. `crossSitePaths` are the endpoints other sites post to by
 * design (the payment processor's webhook), which prove who sent them by a signature instead: exempt from the
 * cross-site check only, the size limits still apply.
 */
export function refuseRequest(request: Request, crossSitePaths: ReadonlySet<string> = new Set()): Response | null {
  if (safeMethods.has(request.method)) return null;
  if (!crossSitePaths.has(new URL(request.url).pathname)) {
    const refused = refuseCrossSite(request);
    if (refused) return refused;
  }
  const length = request.headers.get("content-length");
  if (length === null && request.body !== null) return plain(411, "A length is required.");
  if (length !== null && !(Number(length) <= maxBodyBytes)) return plain(413, "This request is too large.");
  return null;
}

function refuseCrossSite(request: Request): Response | null {
  const site = request.headers.get("sec-fetch-site");
  const origin = request.headers.get("origin");
  // An Origin that is not a URL cannot be this site's: refused like any other site's.
  const crossSite = site === "cross-site" || (origin !== null && origin !== "null" && hostOf(origin) !== new URL(request.url).host);
  if (crossSite || origin === "null") return plain(403, "Forms can only be sent from this site.");
  return null;
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

/**
 * A refusal. The body is left unread, and Node then never answers a further request on that connection
 * (a browser's next page would hang), so the connection is closed after the answer.
 */
function plain(status: number, message: string): Response {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", Connection: "close" },
  });
}
