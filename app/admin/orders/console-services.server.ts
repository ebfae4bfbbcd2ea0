import type { Operator } from "../../../server/db/schema.ts";
import { encryptionKey } from "../../access/secrets.server";
import type { Services } from "../../services.server";

/** What the order actions need: the shop's services, and the key that seals access details. */
export interface ConsoleServices extends Services {
  /** Null when ACCESS_ENCRYPTION_KEY is not set: delivering then refuses, rather than store plaintext. */
  accessKey: Buffer | null;
}

export type ConsoleOperator = Pick<Operator, "id" | "email">;

export function configuredAccessKey(): Buffer | null {
  return encryptionKey() ?? null;
}

export function consoleServices(services: Services): ConsoleServices {
  return { ...services, accessKey: configuredAccessKey() };
}
