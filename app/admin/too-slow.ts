/**
 * What a console page whose reads ran past their limit answers with (app/admin/console-read.server.ts, a 503):
 * the console layout's error boundary recognises it and shows it in words.
 */
export interface ConsoleTooSlowAnswer {
  reason: "console-too-slow";
  /** The limit the reads ran past, in whole seconds: the page names it. */
  seconds: number;
}

export function isConsoleTooSlow(value: unknown): value is ConsoleTooSlowAnswer {
  return typeof value === "object" && value !== null && (value as { reason?: unknown }).reason === "console-too-slow";
}
