/** How many server processes run on this machine (server/cluster.ts). */
import { availableParallelism } from "node:os";
import { z } from "zod";
import { problem } from "./checks.ts";

/** More processes than this is a typo rather than a machine's core count. */
export const MAX_WEB_CONCURRENCY = 64;

export const processVariables = {
  /**
   * Heroku's convention: the number of server processes, each a `node:cluster` worker on the same port;
   * `auto` is one per core this process may use. Unset or 1: one process, no cluster. More than one needs
   * PostgreSQL (see config.ts).
   */
  WEB_CONCURRENCY: z
    .string()
    .trim()
    .regex(/^(auto|\d+)$/i, {
      error: problem(`must be a whole number from 1 to ${MAX_WEB_CONCURRENCY}, or auto for one process per core, e.g. WEB_CONCURRENCY=4`),
    })
    .transform((value) => (value.toLowerCase() === "auto" ? Math.min(availableParallelism(), MAX_WEB_CONCURRENCY) : Number(value)))
    .pipe(
      z
        .number()
        .min(1, { error: problem(`must be a whole number from 1 to ${MAX_WEB_CONCURRENCY}, or auto, e.g. WEB_CONCURRENCY=4`) })
        .max(MAX_WEB_CONCURRENCY, { error: problem(`must be at most ${MAX_WEB_CONCURRENCY}, or auto for one process per core`) }),
    )
    .default(1),
};
