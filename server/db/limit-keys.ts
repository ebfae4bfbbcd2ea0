/**
 * The keys of the rate-limit counters (rate-limits.ts). Hashes, so the counters table holds no
 * address or e-mail (personal data that would need its own retention rules), with the purpose hashed in so
 * one visitor's counts for different limits stay apart. Every limit keys through here, so each counts a
 * client the same way: by its network (an IPv6 client by its /64, common/client-network.ts).
 */
import { createHash } from "node:crypto";
import { clientNetwork } from "../../common/client-network.ts";

export function counterKey(purpose: string, value: string): string {
  return createHash("sha256").update(`${purpose}:${value}`).digest("hex");
}

/** A client address's counter: every address of one IPv6 /64 shares it. */
export const clientKey = (purpose: string, address: string) => counterKey(purpose, clientNetwork(address));

/** An e-mail's counter, whatever its case and the spaces around it. */
export const emailKey = (purpose: string, email: string) => counterKey(purpose, email.trim().toLowerCase());
