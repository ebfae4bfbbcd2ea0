/**
 * How the operator's commands (`npm run operator`, `backup`, `restore`) end: the exit code their `main` gives, or,
 * when it throws, one line on stderr and exit code 1. A refusal the reader can act on (bad configuration, a
 * wrong key) is said as it is; anything else (the database unreachable) after "The command failed:". A stack
 * trace would not help the reader. Kept in server/ so the Docker image, which has no scripts/ helpers, has it.
 */
import { ConfigError } from "./config.ts";

export async function runCommand(main: () => Promise<number>, refusals: (new (...args: never[]) => Error)[] = []): Promise<void> {
  try {
    process.exitCode = await main();
  } catch (error) {
    const known = error instanceof ConfigError || refusals.some((refusal) => error instanceof refusal);
    console.error(known ? (error as Error).message : `The command failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
