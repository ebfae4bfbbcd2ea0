import { data } from "react-router";
import { ConsoleQueryTimeout } from "../../server/db/console-query-timeout.ts";
import type { ConsoleTooSlowAnswer } from "./too-slow";

/**
 * Runs a console page's reads; one stopped past its limit (ConsoleQueryTimeout, docs/decisions/0029) becomes a
 * 503 whose page says it took too long and what to do, rather than a hang or a 500.
 */
export async function consoleRead<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof ConsoleQueryTimeout)) throw error;
    const seconds = Math.max(1, Math.round(error.limitMs / 1000));
    throw data<ConsoleTooSlowAnswer>({ reason: "console-too-slow", seconds }, { status: 503, headers: { "Retry-After": "30" } });
  }
}
