import { site } from "../../content/site";
import { serverConfig } from "../../server/config.ts";
import type { Job } from "../../server/db/schema.ts";
import type { FulfilmentTarget } from "../../server/fulfilment/client.ts";
import { GiveUp } from "../../server/jobs/runner.ts";
import type { FulfilServices } from "../access/deliver.server";

/**
 * What the fulfilment jobs need from the shop: its database, the job runner to wake, and the key that seals
 * access details (null when ACCESS_ENCRYPTION_KEY is not set: answered details cannot be stored, and the
 * operator delivers).
 */
export type FulfilmentServices = FulfilServices;

export type ServicesGetter = () => Promise<FulfilmentServices>;

export interface FulfilmentSettings {
  /** Unset: no provisioning system, the operator delivers every order. */
  webhook: FulfilmentTarget | undefined;
  /** Who is told about a late delivery. */
  operatorEmail: string;
  /** Tests only: a shorter time limit, another fetch. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export function configuredFulfilmentSettings(): FulfilmentSettings {
  const config = serverConfig();
  const webhook =
    config.FULFILMENT_WEBHOOK_URL && config.FULFILMENT_WEBHOOK_SECRET
      ? { url: config.FULFILMENT_WEBHOOK_URL, secret: config.FULFILMENT_WEBHOOK_SECRET }
      : undefined;
  return { webhook, operatorEmail: config.OPERATOR_EMAIL ?? site.brand.supportEmail };
}

/** The order a job is about. A payload without one can never succeed: the job is given up, not retried. */
export function orderIdOf(job: Job): number {
  let payload: unknown;
  try {
    payload = JSON.parse(job.payload);
  } catch {
    throw new GiveUp(`job #${job.id} has a payload that is not JSON`);
  }
  const orderId = (payload as { orderId?: unknown } | null)?.orderId;
  if (typeof orderId !== "number" || !Number.isSafeInteger(orderId) || orderId < 1) throw new GiveUp(`job #${job.id} names no order`);
  return orderId;
}
