import { ApiError, invalidRequest } from "./errors.ts";

export interface StoredResponse {
  status: number;
  body: unknown;
  requestId: string;
}

interface Entry {
  path: string;
  params: string;
  response?: StoredResponse;
}

const maxKeyLength = 255;

/**
 * Stripe's idempotent requests: a POST with a key already used answers the first response again, if it was
 * made to the same endpoint with the same parameters. A request that failed its parameter checks never
 * started, so it keeps no response and its key may be used again.
 */
export class IdempotencyKeys {
  private readonly entries = new Map<string, Entry>();

  /** The stored response to replay, or nothing when the request is to run (then `save` or `forget` follows). */
  begin(key: string, path: string, params: unknown): StoredResponse | undefined {
    if (key.length > maxKeyLength) {
      throw invalidRequest(
        `Invalid Idempotency-Key: must be at most ${maxKeyLength} characters long (it is ${key.length}).`,
        "Idempotency-Key",
      );
    }
    const fingerprint = JSON.stringify(params);
    const entry = this.entries.get(key);
    if (!entry) {
      this.entries.set(key, { path, params: fingerprint });
      return undefined;
    }
    const retry = `Try using a key other than '${key}' if you meant to execute a different request.`;
    if (entry.path !== path) {
      throw idempotencyError(
        `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${entry.path}' vs '${path}'). ${retry}`,
      );
    }
    if (entry.params !== fingerprint) {
      throw idempotencyError(`Keys for idempotent requests can only be used with the same parameters they were first used with. ${retry}`);
    }
    if (!entry.response) {
      throw new ApiError(
        409,
        "invalid_request_error",
        "There is currently another in-progress request using this Stripe-Idempotency-Key. Please try again later.",
        "idempotency_key_in_use",
      );
    }
    return entry.response;
  }

  save(key: string, response: StoredResponse) {
    const entry = this.entries.get(key);
    if (entry) entry.response = response;
  }

  forget(key: string) {
    this.entries.delete(key);
  }
}

const idempotencyError = (message: string) => new ApiError(400, "idempotency_error", message);
