import type { Operator } from "../../../server/db/schema.ts";
import { getServices, type Services } from "../../services.server";
import { encryptionKey } from "../secrets.server";

/** What the order actions need: the database, the payment gateway, and the key that seals access details. */
export interface ConsoleServices extends Pick<Services, "db" | "gateway"> {
  /** Null when ACCESS_ENCRYPTION_KEY is not set: delivering then refuses, rather than store plaintext. */
  accessKey: Buffer | null;
}

export type ConsoleOperator = Pick<Operator, "id" | "email">;

export function configuredAccessKey(): Buffer | null {
  return encryptionKey() ?? null;
}

export async function consoleServices(): Promise<ConsoleServices> {
  const { db, gateway } = await getServices();
  return { db, gateway, accessKey: configuredAccessKey() };
}
