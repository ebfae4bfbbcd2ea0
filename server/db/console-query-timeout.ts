/**
 * A console read that ran past CONSOLE_QUERY_TIMEOUT_MS and was stopped (docs/decisions/0029): the page
 * answers "this took too long, narrow the filter or try again" (503) instead of hanging or failing with a 500.
 */
export class ConsoleQueryTimeout extends Error {
  override readonly name = "ConsoleQueryTimeout";
  readonly limitMs: number;
  constructor(limitMs: number) {
    super(`A console read ran past its limit of ${limitMs} ms and was stopped`);
    this.limitMs = limitMs;
  }
}

/** PostgreSQL's "canceling statement due to statement timeout" (SQLSTATE 57014, query_canceled). */
export function isStatementTimeout(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "57014";
}
