import { AsyncLocalStorage } from "node:async_hooks";
import cluster from "node:cluster";
import pino from "pino";

/**
 * Structured JSON logs (pino), one line per event, with the id of the request that caused it.
 *
 * The app's server bundle (build/server) gets its own copy of this module, so the request context lives
 * on `globalThis` under a registered symbol: the HTTP server and the app then share one store.
 *
 * What is logged is chosen with care: paths without their query string, no form fields, no e-mail
 * addresses, never card data (the redaction below is a second line of defence for fields logged by mistake).
 */
interface RequestContext {
  requestId: string;
}

const storageKey = Symbol.for("streaming-storefront.request-context");
const shared = globalThis as { [storageKey]?: AsyncLocalStorage<RequestContext> };
shared[storageKey] ??= new AsyncLocalStorage<RequestContext>();
export const requestContext: AsyncLocalStorage<RequestContext> = shared[storageKey];

const levels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
type Level = (typeof levels)[number];
const configuredLevel = process.env.LOG_LEVEL ?? "info";

export const logger = pino({
  level: (levels as readonly string[]).includes(configuredLevel) ? (configuredLevel as Level) : "info",
  // In a cluster (WEB_CONCURRENCY), each line says which worker wrote it (a restarted worker gets a new id).
  base: { service: "storefront", ...(cluster.isWorker ? { worker: cluster.worker?.id } : {}) },
  timestamp: pino.stdTimeFunctions.isoTime,
  mixin: () => {
    const context = requestContext.getStore();
    return context ? { requestId: context.requestId } : {};
  },
  redact: {
    paths: ["*.cardNumber", "*.cvv", "*.cvc", "*.email", "*.password", "*.authorization", "*.cookie", "cardNumber", "cvv", "email"],
    censor: "[redacted]",
  },
});
