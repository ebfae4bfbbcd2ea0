import type { IncomingMessage, ServerResponse } from "node:http";
import Stripe from "stripe";
import { ApiError, invalidRequest } from "./errors.ts";
import { header, newRequestId, readBody, sendJson } from "./http.ts";
import type { IdempotencyKeys } from "./idempotency.ts";
import { type FormObject, parseForm } from "./params.ts";
import type { Route } from "./route-kit.ts";
import type { RecordedRequest } from "./types.ts";

export interface ApiOptions {
  routes: Route[];
  keys: IdempotencyKeys;
  requests: RecordedRequest[];
  /** The one key accepted; any test-mode secret key when not given. */
  secretKey?: string;
}

/**
 * Answers a request to `/v1/…` as Stripe's API does: authentication first, then the endpoint, its content
 * type, idempotency, and the parameters; every answer carries a `Request-Id`, every error Stripe's shape.
 */
export async function handleApi(request: IncomingMessage, response: ServerResponse, url: URL, options: ApiOptions) {
  const method = request.method ?? "GET";
  const requestId = newRequestId();
  const idempotencyKey = method === "POST" ? header(request, "Idempotency-Key") : null;
  const stripeVersion = header(request, "Stripe-Version");
  const record: RecordedRequest = {
    method,
    path: url.pathname,
    idempotencyKey,
    stripeVersion,
    params: {},
    authorized: false,
    requestId,
    status: 0,
    replayed: false,
    at: new Date().toISOString(),
  };
  options.requests.push(record);
  const headers: Record<string, string> = { "Request-Id": requestId, "Stripe-Version": stripeVersion ?? Stripe.API_VERSION };
  if (idempotencyKey) headers["Idempotency-Key"] = idempotencyKey;
  const answer = (status: number, body: unknown, extra: Record<string, string> = {}) => {
    record.status = status;
    sendJson(response, status, body, { ...headers, ...extra });
  };

  try {
    const raw = method === "POST" ? await readBody(request) : url.search.slice(1);
    const params = parsed(raw);
    record.params = params instanceof ApiError ? {} : params;
    authorize(header(request, "Authorization"), options.secretKey);
    record.authorized = true;
    if (stripeVersion !== null && !/^\d{4}-\d{2}-\d{2}(\.[a-z]+)?$/.test(stripeVersion)) {
      throw invalidRequest(`Invalid Stripe API version: ${stripeVersion}`, undefined, undefined, 400);
    }
    const route = options.routes.find((candidate) => candidate.method === method && candidate.pattern.test(url.pathname));
    if (!route) {
      throw invalidRequest(
        `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        undefined,
        undefined,
        404,
      );
    }
    const contentType = header(request, "Content-Type") ?? "";
    if (method === "POST" && raw !== "" && !contentType.startsWith("application/x-www-form-urlencoded")) {
      throw invalidRequest(
        "Invalid request (check that your POST content type is application/x-www-form-urlencoded). If you have any questions, we can help at https://support.stripe.com/.",
      );
    }
    if (params instanceof ApiError) throw params;

    const replay = idempotencyKey ? options.keys.begin(idempotencyKey, url.pathname, params) : undefined;
    if (replay) {
      record.replayed = true;
      return answer(replay.status, replay.body, { "Idempotent-Replayed": "true", "Original-Request": replay.requestId });
    }
    let work: () => unknown;
    try {
      const id = route.pattern.exec(url.pathname)?.[1] ?? "";
      work = route.prepare({ params, id, request: { id: requestId, idempotency_key: idempotencyKey } });
    } catch (error) {
      if (idempotencyKey) options.keys.forget(idempotencyKey);
      throw error;
    }
    const result = await Promise.resolve()
      .then(work)
      .then(
        (body) => ({ status: 200, body }),
        (error: unknown) => {
          if (error instanceof ApiError) return { status: error.status, body: error.body() };
          // A crash of this fake is no answer of Stripe's to replay: the request may be tried again.
          if (idempotencyKey) options.keys.forget(idempotencyKey);
          throw error;
        },
      );
    // The replay must be the first answer as it was sent, not the object as it is by then.
    if (idempotencyKey) options.keys.save(idempotencyKey, { ...result, body: structuredClone(result.body), requestId });
    answer(result.status, result.body);
  } catch (error) {
    if (error instanceof ApiError) {
      answer(error.status, error.body(), error.status === 401 ? { "WWW-Authenticate": 'Basic realm="Stripe"' } : {});
    } else {
      answer(500, { error: { type: "api_error", message: `The test double of Stripe failed: ${(error as Error).message}` } });
    }
  }
}

function parsed(raw: string): FormObject | ApiError {
  try {
    return parseForm(raw);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

function authorize(authorization: string | null, secretKey: string | undefined) {
  const [scheme = "", credentials = ""] = (authorization ?? "").split(" ");
  // Stripe also takes the key as the user name of Basic authentication (`curl -u sk_test_…:`).
  const key = /^bearer$/i.test(scheme)
    ? credentials
    : /^basic$/i.test(scheme)
      ? Buffer.from(credentials, "base64").toString().split(":")[0]!
      : "";
  if (!key) {
    throw new ApiError(
      401,
      "invalid_request_error",
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
    );
  }
  const valid = secretKey ? key === secretKey : /^sk_test_[A-Za-z0-9_]+$/.test(key);
  if (!valid) throw new ApiError(401, "invalid_request_error", `Invalid API Key provided: ${redacted(key)}`);
}

/** As Stripe shows a wrong key: its prefix and, when long enough to stay secret, its last four characters. */
function redacted(key: string): string {
  const prefix = /^[a-z]{2,4}_(test|live)_/.exec(key)?.[0] ?? "";
  const tail = key.length - prefix.length >= 12 ? key.slice(-4) : "";
  return prefix + "*".repeat(Math.max(key.length - prefix.length - tail.length, 4)) + tail;
}
