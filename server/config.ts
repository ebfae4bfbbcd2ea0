import { z } from "zod";

const environment = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
  /** Milliseconds to let requests in flight finish after SIGTERM before the process exits anyway. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
});

export type ServerConfig = z.infer<typeof environment>;

/** Reads the environment once at start; a wrong value stops the start with a message saying which and why. */
export function loadConfig(env: NodeJS.ProcessEnv): ServerConfig {
  const parsed = environment.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
  throw new Error(`The server's environment is not valid:\n${problems}`);
}
