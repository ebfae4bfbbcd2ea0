/**
 * A strict reader of HTTP/1.1 request heads for the fast lane (server/fast-lane.ts), which answers stored
 * pages without node:http. It accepts only the plainest requests, those whose meaning no HTTP parser can
 * disagree on: `GET` or `HEAD`, an origin-form target, `HTTP/1.1`, one `Host`, header lines of token names
 * and visible ASCII values, and nothing that announces a body (`Content-Length`, `Transfer-Encoding`) or
 * asks for more than an answer (`Expect`, `Upgrade`, `Connection` other than `keep-alive`). Such a request
 * ends at its blank line. Anything else is left, from its first byte, to node:http's own parser (llhttp),
 * which answers it or refuses it as usual: this reader never has to reject anything itself.
 */

export interface RequestHead {
  method: "GET" | "HEAD";
  /** The request target as sent (origin-form, `/path?query`). */
  target: string;
  host?: string;
  cookie?: string;
  userAgent?: string;
  acceptEncoding?: string;
  ifNoneMatch?: string;
  requestId?: string;
  forwardedFor?: string;
  /** Where the head ends, blank line included: where the next request on the connection starts. */
  end: number;
}

/** node:http's default limit on a request's head (--max-http-header-size); larger heads go to it. */
export const maxHeadBytes = 16 * 1024;
const maxHeaderLines = 100;

/** Headers that give a request a body, or a meaning beyond "send me this page". */
const declined = new Set(["content-length", "transfer-encoding", "expect", "upgrade", "te", "trailer", "http2-settings"]);
/** The headers read into the head, each at most once: a second copy is left to node:http. */
const headFields = new Map<string, "cookie" | "userAgent" | "acceptEncoding" | "ifNoneMatch" | "requestId" | "forwardedFor">([
  ["cookie", "cookie"],
  ["user-agent", "userAgent"],
  ["accept-encoding", "acceptEncoding"],
  ["if-none-match", "ifNoneMatch"],
  ["x-request-id", "requestId"],
  ["x-forwarded-for", "forwardedFor"],
]);
/** The lengths of the names looked at: a header of another length needs no closer look. */
const lengthsLookedAt = new Set([...declined, "host", "connection", ...headFields.keys()].map((name) => name.length));

// Character classes by code, for a scan by hand: regular expressions cost several times more here.
const tokenChars = new Uint8Array(128);
for (const character of "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
  tokenChars[character.charCodeAt(0)] = 1;
/** Tab and visible ASCII: what a header value may hold here (no NUL, no bare CR or LF, no obs-text). */
const isValueChar = (code: number) => code === 9 || (code >= 0x20 && code <= 0x7e);
const isTargetChar = (code: number) => code >= 0x21 && code <= 0x7e;

const headerValue = (text: string, colon: number, lineEnd: number) => text.slice(colon + 1, lineEnd).trim();

/** The method of a request line `GET /x HTTP/1.1` between `start` and `end`, and where its target ends. */
function requestLine(text: string, start: number, end: number): { method: "GET" | "HEAD"; targetEnd: number } | null {
  const method = text.startsWith("GET /", start) ? "GET" : text.startsWith("HEAD /", start) ? "HEAD" : null;
  const targetEnd = end - " HTTP/1.1".length;
  if (!method || targetEnd <= start + method.length + 1 || !text.startsWith(" HTTP/1.1", targetEnd)) return null;
  for (let index = start + method.length + 1; index < targetEnd; index++) if (!isTargetChar(text.charCodeAt(index))) return null;
  return { method, targetEnd };
}

/**
 * The request whose head starts at `start` in `text` (what arrived on the connection, as latin1: one
 * character per byte); "incomplete" when its blank line has not arrived yet (and it is not already too
 * long); null when the request is not one for the fast lane.
 */
export function readRequestHead(text: string, start: number): RequestHead | "incomplete" | null {
  const blank = text.indexOf("\r\n\r\n", start);
  if (blank === -1) return text.length - start > maxHeadBytes ? null : "incomplete";
  if (blank - start > maxHeadBytes) return null;
  const firstLineEnd = text.indexOf("\r\n", start);
  const line = requestLine(text, start, firstLineEnd);
  if (!line) return null;
  // Every property from the start, so that each head has the same shape (and stores stay fast).
  const head: RequestHead = {
    method: line.method,
    target: text.slice(start + line.method.length + 1, line.targetEnd),
    host: undefined,
    cookie: undefined,
    userAgent: undefined,
    acceptEncoding: undefined,
    ifNoneMatch: undefined,
    requestId: undefined,
    forwardedFor: undefined,
    end: blank + 4,
  };
  let hosts = 0;
  let lines = 0;
  for (let lineStart = firstLineEnd + 2; lineStart < blank + 2; ) {
    const lineEnd = text.indexOf("\r\n", lineStart);
    if (++lines > maxHeaderLines) return null;
    // A token, then a colon; a line that starts with a space or tab (obs-fold) has no token, so it goes too.
    let colon = lineStart;
    while (colon < lineEnd && tokenChars[text.charCodeAt(colon)] === 1) colon++;
    if (colon === lineStart || text.charCodeAt(colon) !== 58) return null;
    for (let index = colon + 1; index < lineEnd; index++) if (!isValueChar(text.charCodeAt(index))) return null;
    if (lengthsLookedAt.has(colon - lineStart)) {
      // node:http joins repeated headers (or keeps the first): rather than copy its rules, leave them to it.
      const name = text.slice(lineStart, colon).toLowerCase();
      switch (name) {
        case "host":
          hosts++;
          head.host = headerValue(text, colon, lineEnd);
          break;
        case "connection":
          if (headerValue(text, colon, lineEnd).toLowerCase() !== "keep-alive") return null;
          break;
        default: {
          const field = headFields.get(name);
          if (field) {
            if (head[field] !== undefined) return null;
            head[field] = headerValue(text, colon, lineEnd);
          } else if (declined.has(name)) return null;
        }
      }
    }
    lineStart = lineEnd + 2;
  }
  return hosts === 1 ? head : null;
}
