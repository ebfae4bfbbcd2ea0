import { ConfigError, parseConfig } from "../../server/config.ts";

/** The problems of an environment as the start would list them, one line per variable; none when it is valid. */
export function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}
