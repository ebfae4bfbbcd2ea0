/**
 * What the free trial's page answers to a post, and so shows: the first step again (with what was typed and
 * why not), or the code step. Every answer carries what was typed, so nothing is ever lost.
 */
import type { TrialRefusal } from "../../server/db/trials.ts";
import type { TrialField, TrialProblem, TrialValues } from "./form";

export type TrialAnswer =
  | { step: "details"; values: TrialValues; errors: Partial<Record<TrialField, TrialProblem>> }
  | { step: "details"; values: TrialValues; refused: TrialRefusal }
  | { step: "details"; values: TrialValues; notice: "rateLimited" | "unavailable" | "void" | "over" }
  | { step: "code"; values: TrialValues; codeProblem?: "required" | "format" | "wrong" | "unavailable"; triesLeft?: number };

/** The two intents the page's forms post: ask for a code, or type it. */
export type TrialIntent = "request" | "confirm";
