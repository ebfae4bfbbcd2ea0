/** Checks made on every request before the app sees it: where a form post comes from, and how big it is. */

export const maxBodyBytes = 64 * 1024;

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A response refusing the request, or null to let it through: form posts from another site are refused
 * (browsers say where a request comes from in Sec-Fetch-Site and Origin), and bodies over 64 KiB or of
 * unknown length are refused before they are read.
 */
export function refuseRequest(request: Request): Response | null {
  if (safeMethods.has(request.method)) return null;
  const site = request.headers.get("sec-fetch-site");
  const origin = request.headers.get("origin");
  const crossSite = site === "cross-site" || (origin !== null && origin !== "null" && new URL(origin).host !== new URL(request.url).host);
  if (crossSite || origin === "null") return plain(403, "Forms can only be sent from this site.");
  const length = request.headers.get("content-length");
  if (length === null && request.body !== null) return plain(411, "A length is required.");
  if (length !== null && !(Number(length) <= maxBodyBytes)) return plain(413, "This request is too large.");
  return null;
}

function plain(status: number, message: string): Response {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}
