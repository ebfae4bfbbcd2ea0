/** The error types Stripe's API answers with; the SDK picks its error class from the HTTP status and this. */
export type ErrorType = "api_error" | "card_error" | "idempotency_error" | "invalid_request_error";

export interface ErrorBody {
  error: { type: ErrorType; message: string; code?: string; param?: string; doc_url?: string };
}

/** An error Stripe's API would answer: thrown anywhere in a request, sent as `{"error": {...}}` by the server. */
export class ApiError extends Error {
  readonly status: number;
  readonly type: ErrorType;
  readonly code: string | undefined;
  readonly param: string | undefined;

  constructor(status: number, type: ErrorType, message: string, code?: string, param?: string) {
    super(message);
    this.status = status;
    this.type = type;
    this.code = code;
    this.param = param;
  }

  body(): ErrorBody {
    const { type, message, code, param } = this;
    // Stripe only links documentation for errors that carry a code.
    return {
      error: { type, message, code, param, doc_url: code ? `https://stripe.com/docs/error-codes/${code.replaceAll("_", "-")}` : undefined },
    };
  }
}

export const invalidRequest = (message: string, param?: string, code?: string, status = 400) =>
  new ApiError(status, "invalid_request_error", message, code, param);

export const missingParam = (param: string) => invalidRequest(`Missing required param: ${param}.`, param, "parameter_missing");

export const unknownParam = (param: string) => invalidRequest(`Received unknown parameter: ${param}`, param, "parameter_unknown");

export const emptyParam = (param: string) =>
  invalidRequest(
    `You passed an empty string for '${param}'. We assume empty values are an attempt to unset a parameter; however '${param}' cannot be unset. You should remove '${param}' from your request or supply a non-empty value.`,
    param,
    "parameter_invalid_empty",
  );

/** A reference to an object this account does not have: 404 for the object in the path, 400 for one in a parameter. */
export const noSuch = (kind: string, id: string, param = "id") =>
  invalidRequest(`No such ${kind}: '${id}'`, param, "resource_missing", param === "id" ? 404 : 400);
