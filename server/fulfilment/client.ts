/**
 * One attempt at telling the provisioning system about a paid order: a signed POST with a time limit. The
 * outcome is returned, never thrown, so the caller records every attempt the same way. The answer's body can
 * hold a customer's login: it is parsed and handed back, never logged or put in an error message.
 */
import { site } from "../../content/site.ts";
import type { AccessEvent } from "./access-payload.ts";
import type { FulfilmentEvent } from "./payload.ts";
import { SIGNATURE_HEADER, signFulfilment } from "./signature.ts";
import type { TrialStartedEvent } from "./trial-payload.ts";

export const FULFILMENT_TIMEOUT_MS = 10_000;
/** An answer larger than this is no access details; it is not read further into memory. */
const MAX_ANSWER_BYTES = 64 * 1024;

export interface FulfilmentTarget {
  url: string;
  secret: string;
}

export type FulfilmentOutcome =
  /** A 2xx: `answer` is its JSON body, or undefined when there was none (or it was not JSON). */
  | { ok: true; status: number; answer: unknown }
  /** Not delivered: `status` is null when no HTTP answer came; `reason` is short and holds no body. */
  | { ok: false; status: number | null; reason: string };

export interface SendOptions {
  now?: Date;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export async function sendFulfilment(
  target: FulfilmentTarget,
  event: FulfilmentEvent | AccessEvent | TrialStartedEvent,
  options: SendOptions = {},
): Promise<FulfilmentOutcome> {
  const now = options.now ?? new Date();
  const timeoutMs = options.timeoutMs ?? FULFILMENT_TIMEOUT_MS;
  const body = JSON.stringify(event);
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(target.url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        [SIGNATURE_HEADER]: signFulfilment(target.secret, body, now.getTime() / 1000),
        "Webhook-Id": event.id,
        "User-Agent": `${site.brand.name}-fulfilment/1`,
      },
      body,
      // A redirect would carry the signed order elsewhere: it counts as a failure, to be fixed in the URL.
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    return { ok: false, status: null, reason: shortReason(error, timeoutMs) };
  }
  if (response.status < 200 || response.status > 299) {
    await response.body?.cancel().catch(() => {});
    return { ok: false, status: response.status, reason: `HTTP ${response.status}` };
  }
  return { ok: true, status: response.status, answer: await readAnswer(response) };
}

/** The JSON body of a 2xx, or undefined: a receiver that accepts without details is a valid answer too. */
async function readAnswer(response: Response): Promise<unknown> {
  if (!response.body) return undefined;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      size += read.value.byteLength;
      if (size > MAX_ANSWER_BYTES) {
        await reader.cancel().catch(() => {});
        return undefined;
      }
      chunks.push(read.value);
    }
    const text = Buffer.concat(chunks).toString("utf8");
    return text.trim() === "" ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** What went wrong in a few words (`ECONNREFUSED`, `timed out after 10 s`): fit for the order's timeline. */
function shortReason(error: unknown, timeoutMs: number): string {
  if (error instanceof DOMException && error.name === "TimeoutError")
    return `timed out after ${timeoutMs % 1000 === 0 ? `${timeoutMs / 1000} s` : `${timeoutMs} ms`}`;
  const cause = (error as { cause?: { code?: unknown; message?: unknown } })?.cause;
  if (typeof cause?.code === "string") return cause.code;
  const message = typeof cause?.message === "string" ? cause.message : error instanceof Error ? error.message : String(error);
  return message.slice(0, 200);
}
